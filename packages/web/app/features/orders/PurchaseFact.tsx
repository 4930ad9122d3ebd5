import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One labelled value of a purchase page (a dt/dd pair; the parent is the dl). */
export function PurchaseFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}
