import { Scripts } from "react-router";

/**
 * Runs where React Router's <Scripts> stood, straight after it (issue 16). <Scripts> renders: module preloads of the
 * entry and the page's route modules, a classic script that opens `window.__reactRouterContext` (the page's data scripts
 * that stream in after it write into it), and an inline module script that imports the route modules and the entry. Here
 * they arrive as the text of a <noscript>, which a browser with scripts on neither runs nor fetches from. This script runs
 * the context script at once, so the data scripts find it, and adds the preloads and the module script to <head> once the
 * page's largest paint is on screen: its first contentful paint and each of its high-priority pictures (the shop header's
 * preload, a product's photo) reported as a largest paint. Both reports come once the frame is presented. A picture
 * smaller than text painted before it is never reported: it counts once decoded, two frames and a quarter second later.
 * A second after the first paint the pictures are no longer waited for; at once in a hidden tab, which paints nothing;
 * after five seconds at the latest. No shorter limit before the first paint: on a busy machine Chromium painted a page up
 * to two seconds after its HTML and styles were all there, and scripts requested meanwhile count in Lighthouse's LCP.
 */
const loadModulesAfterLargestPaint = `(function () {
  var held = document.getElementById("deferred-scripts");
  var nonce = document.currentScript.nonce;
  var parsed = document.createElement("template");
  parsed.innerHTML = held.textContent;
  var later = [];
  var done = false;
  function copy(node) {
    var element = document.createElement(node.localName);
    for (var i = 0; i < node.attributes.length; i++) element.setAttribute(node.attributes[i].name, node.attributes[i].value);
    if (nonce) element.nonce = nonce;
    if (node.localName === "script") element.text = node.text;
    return element;
  }
  Array.prototype.forEach.call(parsed.content.children, function (node) {
    var element = copy(node);
    if (node.localName === "script" && node.type !== "module") document.head.appendChild(element).remove();
    else later.push(element);
  });
  function load() {
    if (done) return;
    done = true;
    later.forEach(function (element) { document.head.appendChild(element); });
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === "hidden" || !types || types.indexOf("paint") < 0 || !window.Promise) return load();
  document.addEventListener("visibilitychange", load);
  setTimeout(load, 5000);
  var painted = false;
  var waiting = Array.prototype.map.call(
    document.querySelectorAll('img[fetchpriority="high"], link[rel="preload"][as="image"][fetchpriority="high"]'),
    function (element) {
      if (element.localName === "img") return element;
      var picture = new Image();
      picture.src = element.href;
      return picture;
    }
  );
  function check() {
    if (painted && waiting.length === 0) load();
  }
  function shown(picture) {
    waiting = waiting.filter(function (other) { return other !== picture && other.src !== picture.url; });
    check();
  }
  function observe(type, seen) {
    if (types.indexOf(type) < 0) return;
    new PerformanceObserver(function (list) { list.getEntries().forEach(seen); }).observe({ type: type, buffered: true });
  }
  observe("paint", function (entry) {
    if (entry.name !== "first-contentful-paint") return;
    painted = true;
    setTimeout(function () { waiting = []; check(); }, 1000);
    check();
  });
  observe("largest-contentful-paint", shown);
  waiting.forEach(function (picture) {
    if (!picture.decode) return shown(picture);
    picture.decode().then(function () {
      requestAnimationFrame(function () {
        requestAnimationFrame(function () { setTimeout(function () { shown(picture); }, 250); });
      });
    }, function () { shown(picture); });
  });
})();`;

/**
 * React Router's <Scripts> on a shop page: the same elements, with the module scripts requested after the largest paint.
 * React does not hydrate a <noscript>'s content, so the client renders it empty without a mismatch.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  return (
    <>
      <noscript id="deferred-scripts">
        <Scripts nonce={nonce} />
      </noscript>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loadModulesAfterLargestPaint }} />
    </>
  );
}
