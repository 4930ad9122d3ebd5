import type { LiveChatVisibility } from "@tianguis/domain/rules/shop-integrations";

/**
 * The shop's third-party integrations in the browser (rules/shop-integrations.ts): LiveChat's widget loaded with the
 * shop's licence and Meta's pixel. Both follow their vendors' documented loaders: a queueing stand-in object is set up
 * at once and their script, loaded asynchronously, replays the queue, so calls made before it arrives are kept.
 */

type Queued = unknown[];
interface PixelFunction {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: Queued[];
  push: PixelFunction;
  loaded: boolean;
  version: string;
}
interface LiveChatApi {
  _q: Queued[];
  _h: ((...args: unknown[]) => void) | null;
  _v: string;
  call(...args: unknown[]): void;
  on(...args: unknown[]): void;
}
declare global {
  interface Window {
    fbq?: PixelFunction;
    _fbq?: PixelFunction;
    __lc?: { license?: number; integration_name?: string; product_name?: string };
    LiveChatWidget?: LiveChatApi;
  }
}

export const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";
export const LIVECHAT_SCRIPT = "https://cdn.livechatinc.com/tracking.js";

function loadScript(src: string): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

const initialisedPixels = new Set<string>();

function pixel(pixelId: string): PixelFunction {
  if (!window.fbq) {
    const queueing = ((...args: unknown[]) => {
      if (queueing.callMethod) queueing.callMethod(...args);
      else queueing.queue.push(args);
    }) as PixelFunction;
    Object.assign(queueing, { queue: [], loaded: true, version: "2.0", push: queueing });
    window.fbq = queueing;
    window._fbq = queueing;
    loadScript(PIXEL_SCRIPT);
  }
  if (!initialisedPixels.has(pixelId)) {
    window.fbq("init", pixelId);
    initialisedPixels.add(pixelId);
  }
  return window.fbq;
}

/** Sends one event to this shop's pixel only ('trackSingle'), so another shop's pixel on the same page never hears it. */
export function trackPixel(pixelId: string, event: string, params?: Record<string, unknown>): void {
  pixel(pixelId)("trackSingle", pixelId, event, ...(params ? [params] : []));
}

function liveChat(license: string): LiveChatApi {
  if (!window.LiveChatWidget) {
    window.__lc = { ...window.__lc, license: Number(license), integration_name: "manual_onboarding", product_name: "livechat" };
    const api: LiveChatApi = {
      _q: [],
      _h: null,
      _v: "2.0",
      call: (...args) => (api._h ? api._h("call", args) : api._q.push(["call", args])),
      on: (...args) => (api._h ? api._h("on", args) : api._q.push(["on", args])),
    };
    window.LiveChatWidget = api;
    loadScript(LIVECHAT_SCRIPT);
  }
  return window.LiveChatWidget;
}

/** Shows the shop's chat as the page wants it: minimised (the bubble) or hidden. */
export function showLiveChat(license: string, visibility: LiveChatVisibility): void {
  liveChat(license).call(visibility === "hidden" ? "hide" : "minimize");
}

/** Opens the chat window (the contact dialog's 'Chatear ahora'). */
export function openLiveChat(license: string): void {
  liveChat(license).call("maximize");
}

/** Leaving the shop's pages: the chat goes away until a page of the shop shows it again. */
export function hideLiveChat(): void {
  window.LiveChatWidget?.call("hide");
}
