import { BrowserQRCodeReader, type IScannerControls } from "@zxing/browser";
import { useEffect, useRef } from "react";

/**
 * The device camera reading QR codes (@zxing/browser, loaded only by the check-in page). Prefers the back camera;
 * every decoded text goes to `onCode` (the page ignores repeats). `onError` when the camera cannot be opened
 * (no camera, permission refused, insecure origin).
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
    let controls: IScannerControls | null = null;
    let stopped = false;
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
    reader
      .decodeFromConstraints({ video: { facingMode: "environment" } }, video.current ?? undefined, (result) => {
        if (result) handlers.current.onCode(result.getText());
      })
      .then((started) => {
        controls = started;
        if (stopped) started.stop();
      })
      .catch(() => handlers.current.onError());
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);
  return (
    <video
      ref={video}
      aria-label={label}
      muted
      playsInline
      style={{ width: "100%", maxHeight: 360, borderRadius: 8, background: "#000", objectFit: "cover" }}
    />
  );
}
