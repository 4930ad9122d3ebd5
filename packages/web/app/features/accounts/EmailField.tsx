import { TextInput } from "@mantine/core";
import { cleanEmailInput } from "@tianguis/domain/rules/registration";

/** E-mail input: spaces removed and the space key blocked (§5). */
export function EmailField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  required?: boolean;
  name?: string;
}) {
  return (
    <TextInput
      label={props.label}
      name={props.name}
      type="email"
      autoComplete="email"
      required={props.required}
      value={props.value}
      onKeyDown={(event) => {
        if (event.key === " ") event.preventDefault();
      }}
      onChange={(event) => props.onChange(cleanEmailInput(event.currentTarget.value))}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}
