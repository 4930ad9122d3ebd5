import { Anchor, Stack, Text } from "@mantine/core";
import { pageParagraphs } from "@tianguis/domain/rules/shop-pages";
import { Fragment } from "react";

/** A page's plain text as paragraphs with line breaks; http(s) and e-mail addresses become links, nothing else is markup. */
export function PageText({ text }: { text: string }) {
  return (
    <Stack gap="md">
      {pageParagraphs(text).map((lines, p) => (
        <Text key={p} style={{ overflowWrap: "anywhere" }}>
          {lines.map((segments, l) => (
            <Fragment key={l}>
              {l > 0 && <br />}
              {segments.map((segment, s) =>
                segment.kind === "link" ? (
                  <Anchor
                    key={s}
                    href={segment.href}
                    rel="noopener noreferrer nofollow"
                    target={segment.href.startsWith("http") ? "_blank" : undefined}
                  >
                    {segment.text}
                  </Anchor>
                ) : (
                  <Fragment key={s}>{segment.text}</Fragment>
                ),
              )}
            </Fragment>
          ))}
        </Text>
      ))}
    </Stack>
  );
}
