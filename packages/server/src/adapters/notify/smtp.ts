import nodemailer from "nodemailer";
import { DeliveryError, type Notifier } from "./notifier";

/**
 * E-mail through SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). The message is first
 * recorded by `recorder` (the outbox), then sent (text and HTML parts when `html` is given); SMS keeps going to
 * `recorder` only.
 */
export function smtpNotifier(smtpUrl: string, from: string, recorder: Notifier): Notifier {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await recorder.send(message);
      if (message.channel !== "email") return;
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject ?? "",
          text: message.body,
          html: message.html,
          attachments: message.attachments?.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
        });
      } catch (error) {
        throw new DeliveryError(isRecipientRejection(error) ? "email_client_failure" : "email_server_failure", error);
      }
    },
  };
}

/** 5xx answers to RCPT TO and envelope errors mean the address is wrong, not the server. */
function isRecipientRejection(error: unknown): boolean {
  const failure = error as { code?: string; responseCode?: number; command?: string };
  if (failure.code === "EENVELOPE") return true;
  return failure.command === "RCPT TO" && (failure.responseCode ?? 0) >= 500;
}
