import { type CSSProperties, type ComponentPropsWithRef, type ReactNode, useId } from "react";

type Size = "sm" | "md";

/**
 * Mantine's input markup as plain elements (issue 16: the Input family's code off a shop's first visit). `InputRoot`
 * and `InputFrame` write the elements, classes and data attributes InputWrapper and Input render for the props the
 * shop pages pass (less the `mantine-*` static names, which no style uses), so Mantine's stylesheet draws them.
 */

/** InputWrapper's root, with its label when there is one. */
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
    <div style={style} className={className ? `m_46b77525 ${className}` : "m_46b77525"} data-size={size}>
      {label && (
        <label
          style={{ "--input-label-size": `var(--mantine-font-size-${size})` } as CSSProperties}
          className="m_8fdc1311"
          data-size={size}
          htmlFor={labelFor}
          id={`${labelFor}-label`}
        >
          {label}
        </label>
      )}
      {children}
    </div>
  );
}

/** Input's wrapper around the control (`children`, classed `m_8fb7ebe7`), with its left and right sections. */
export function InputFrame({
  size,
  leftSection,
  rightSection,
  pointer,
  children,
}: {
  size: Size;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** A select: the pointer cursor, and clicks through the right section (its chevron) to the control. */
  pointer?: boolean;
  children: ReactNode;
}) {
  const vars = {
    "--input-height": `var(--input-height-${size})`,
    "--input-fz": `var(--mantine-font-size-${size})`,
    ...(pointer && { "--input-right-section-pointer-events": "none" }),
  } as CSSProperties;
  return (
    <div
      style={vars}
      className="m_6c018570"
      data-variant="default"
      data-size={size}
      data-pointer={pointer || undefined}
      data-with-left-section={leftSection ? true : undefined}
      data-with-right-section={rightSection ? true : undefined}
    >
      {leftSection && (
        <div data-position="left" className="m_82577fc2">
          {leftSection}
        </div>
      )}
      {children}
      {rightSection && (
        <div data-position="right" className="m_82577fc2">
          {rightSection}
        </div>
      )}
    </div>
  );
}

/**
 * Mantine's TextInput without a label: the input takes the rest of its props and its ref, so Combobox.Target can wrap
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
      <InputFrame size={size} leftSection={leftSection} rightSection={rightSection}>
        <input
          className={className ? `m_8fb7ebe7 ${className}` : "m_8fb7ebe7"}
          data-variant="default"
          aria-invalid="false"
          id={id ?? generated}
          {...props}
        />
      </InputFrame>
    </InputRoot>
  );
}
