import { type RenderNode, renderPlan } from "@tianguis/domain/rules/blog-render";
import { type ReactNode, createElement } from "react";
import classes from "./blog.module.css";

/**
 * An entry's document as React elements, the same on the server and in the browser: the render plan of
 * rules/blog-render.ts (a closed set of tags and attributes, URLs already checked) mapped one to one, so no HTML string
 * is ever injected.
 */
function toElement(node: RenderNode, key: number): ReactNode {
  if (typeof node === "string") return node;
  const { tag, attrs = {}, children } = node;
  const props: Record<string, unknown> = { key };
  if (tag === "a") Object.assign(props, { href: attrs.href, rel: attrs.rel, target: attrs.target });
  if (tag === "img") Object.assign(props, { src: attrs.src, alt: attrs.alt ?? "", loading: "lazy", decoding: "async" });
  if (tag === "ol" && attrs.start) props.start = attrs.start;
  if (tag === "img" || tag === "hr" || tag === "br") return createElement(tag, props);
  return createElement(tag, props, ...children.map(toElement));
}

export function BlogBody({ doc }: { doc: unknown }) {
  return <div className={classes.body}>{renderPlan(doc).map(toElement)}</div>;
}
