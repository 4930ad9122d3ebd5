import { BrowserQRCodeReader, type IScannerControls } from "@zxing/browser";
import { useEffect, useRef } from "react";

/**
 * Resolves once the video shows the camera's picture, or rejects after `ms`. @zxing/browser's own start waits for a
 * `canplay` that has often already fired when its first `play()` failed, and then never starts reading (seen on a busy
 * machine: the picture on screen, no code ever read), so the page starts the picture itself and hands zxing a playing video.
 */
function playing(element: HTMLVideoElement, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = () => {
      clearTimeout(timer);
      element.removeEventListener("playing", started);
      resolve();
    };
    const timer = setTimeout(() => {
      element.removeEventListener("playing", started);
      reject(new Error("the camera's picture did not start"));
    }, ms);
    element.addEventListener("playing", started);
    if (!element.paused && element.readyState > 2) started();
    // A refused play() (the picture is not ready yet) is answered by the `playing` event once it is, or by the timeout.
    else element.play().catch(() => undefined);
  });
}

/**
 * The device camera reading QR codes (@zxing/browser, loaded only by the check-in page). Prefers the back camera;
 * every decoded text goes to `onCode` (the page ignores repeats). `onError` when the camera cannot be opened
 * (no camera, permission refused, insecure origin) or shows nothing within 10 s.
 */
export default function QrCameraScanner({
  onCode,
  onError,
  label,
}: {
  onCode: (text: string) => void;
  onError: () => void;
  label: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onCode, onError });
  handlers.current = { onCode, onError };
  useEffect(() => {
    const element = video.current;
    let stream: MediaStream | null = null;
    let controls: IScannerControls | null = null;
    let stopped = false;
    const start = async () => {
      if (!element) throw new Error("no video element");
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      if (stopped) return;
      element.srcObject = stream;
      await playing(element, 10_000);
      if (stopped) return;
      const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
      controls = await reader.decodeFromVideoElement(element, (result) => {
        if (result) handlers.current.onCode(result.getText());
      });
      if (stopped) controls.stop();
    };
    start().catch(() => {
      if (!stopped) handlers.current.onError();
    });
    return () => {
      stopped = true;
      controls?.stop();
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (element) element.srcObject = null;
    };
  }, []);
  return (
    <video
      ref={video}
      aria-label={label}
      muted
      autoPlay
      playsInline
      style={{ width: "100%", maxHeight: 360, borderRadius: 8, background: "#000", objectFit: "cover" }}
    />
  );
}
