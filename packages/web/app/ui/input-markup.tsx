import { type CSSProperties, type ComponentPropsWithRef, type ReactNode, useId } from "react";
import classes from "./input.module.css";

type Size = "sm" | "md";

/**
 * The storefront's inputs, with the props and looks of Mantine's TextInput and NativeSelect but none of the Input
 * family's code on a shop's first visit (issue 16), styled by input.module.css on Mantine's public theme variables
 * (issue 28). `InputRoot` sizes the input and holds its label; `InputFrame` holds the control and its sections.
 */

/** The input's root at its size, with its label when there is one. */
export function InputRoot({
  size,
  label,
  labelFor,
  style,
  className,
  children,
}: {
  size: Size;
  label?: string;
  labelFor?: string;
  style?: CSSProperties;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div style={style} className={className ? `${classes.root} ${className}` : classes.root} data-size={size}>
      {label && (
        <label className={classes.label} htmlFor={labelFor} id={`${labelFor}-label`}>
          {label}
        </label>
      )}
      {children}
    </div>
  );
}

/** The frame around the control (`children`, classed `inputClass`), with its left and right sections. */
export function InputFrame({
  leftSection,
  rightSection,
  pointer,
  children,
}: {
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** A select: the pointer cursor, and clicks through the right section (its chevron) to the control. */
  pointer?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={classes.frame}
      data-pointer={pointer || undefined}
      data-with-left-section={leftSection ? true : undefined}
      data-with-right-section={rightSection ? true : undefined}
    >
      {leftSection && (
        <div data-position="left" className={classes.section}>
          {leftSection}
        </div>
      )}
      {children}
      {rightSection && (
        <div data-position="right" className={classes.section}>
          {rightSection}
        </div>
      )}
    </div>
  );
}

/** The class of the control inside an `InputFrame`. */
export const inputClass = classes.input;

/**
 * A text input without a label, as Mantine's TextInput: the input takes the rest of its props and its ref, so Combobox.Target can wrap
 * it as it wraps TextInput (Popover.Target passes a `className`, added to the input's own).
 */
export function PlainTextInput({
  size = "sm",
  leftSection,
  rightSection,
  rootStyle,
  id,
  className,
  ...props
}: Omit<ComponentPropsWithRef<"input">, "size"> & {
  size?: Size;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  rootStyle?: CSSProperties;
}) {
  const generated = useId();
  return (
    <InputRoot size={size} style={rootStyle}>
      <InputFrame leftSection={leftSection} rightSection={rightSection}>
        <input
          className={className ? `${classes.input} ${className}` : classes.input}
          aria-invalid="false"
          id={id ?? generated}
          {...props}
        />
      </InputFrame>
    </InputRoot>
  );
}
