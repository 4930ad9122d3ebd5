import { Modal } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import { useOpenedAfterMount } from "../../lib/lazy-part";
import { LoginForm } from "./LoginForm";
import { SignupForm } from "./SignupForm";

/**
 * The registration dialog itself, loaded with its form on its first opening (SignupModal.tsx). Its 'already have an
 * account' link turns it into the login form (commerce-and-accounts §2 'opens the login modal') and back, without
 * leaving the page; a login returns to this same page, signed in.
 */
export function SignupDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const t = useT();
  const location = useLocation();
  const [mode, setMode] = useState<"signup" | "login">("signup");
  const body = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  // The link that switched the form is gone: the other form's first field takes the focus.
  useEffect(() => {
    if (!switched.current) return;
    body.current?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
  }, [mode]);
  const switchTo = (next: "signup" | "login") => {
    switched.current = true;
    setMode(next);
  };
  const close = () => {
    onClose();
    setMode("signup");
  };
  return (
    <Modal
      opened={useOpenedAfterMount(opened)}
      onClose={close}
      title={t(mode === "login" ? "login_title" : "signup_title")}
      size="md"
      centered
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-xl)" } }}
    >
      <div ref={body}>
        {mode === "login" ? (
          <LoginForm next={`${location.pathname}${location.search}`} onSignup={() => switchTo("signup")} />
        ) : (
          <SignupForm inModal onLogin={() => switchTo("login")} />
        )}
      </div>
    </Modal>
  );
}
