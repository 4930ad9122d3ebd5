import { useRevalidator } from "react-router";
import { ApiRequestError } from "../../lib/api/client";

/**
 * For `useMutation`'s onError: when the order changed state under the seller (409 'order_wrong_state', another tab or
 * another member), run `close`, reload the page's data and let the error toast show the API's text.
 */
export function useWrongStateReload() {
  const revalidator = useRevalidator();
  return (error: unknown, close?: () => void) => {
    if (error instanceof ApiRequestError && error.status === 409) {
      close?.();
      void revalidator.revalidate();
    }
    return false;
  };
}
