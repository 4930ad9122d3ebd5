import { Textarea } from "@mantine/core";

interface ReasonFieldProps {
  label: string;
  value: string;
  /** Called with the new text; the caller clears its error there. */
  onChange: (value: string) => void;
  max: number;
  error?: string | null;
  /** Shown before the character count. */
  hint?: string;
  minRows?: number;
}

/** A dialog's required reason (a refusal, a refund, a suspension): counted against its limit and focused on open. */
export function ReasonField({ label, value, onChange, max, error, hint, minRows = 3 }: ReasonFieldProps) {
  const count = `${value.length}/${max}`;
  return (
    <Textarea
      label={label}
      description={hint ? `${hint} · ${count}` : count}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      maxLength={max}
      autosize
      minRows={minRows}
      required
      data-autofocus
    />
  );
}
