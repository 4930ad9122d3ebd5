import { type CSSProperties, type ComponentPropsWithoutRef, useId } from "react";
import { InputFrame, InputRoot, inputClass } from "./input-markup";
import { rem } from "./layout-markup";
import classes from "./PlainSelect.module.css";

type Width = number | { base: number; sm: number };
type Props = Omit<ComponentPropsWithoutRef<"select">, "size"> & {
  data: { value: string; label: string }[];
  label?: string;
  size?: "sm" | "md";
  /** Pixels, or pixels on phones and from the sm breakpoint (48em) up. */
  w?: Width;
};

function widthVars(w: Width | undefined): CSSProperties | undefined {
  if (w === undefined) return undefined;
  const [base, sm] = typeof w === "number" ? [w, w] : [w.base, w.sm];
  return { "--plain-select-w": rem(base), "--plain-select-w-sm": rem(sm) } as CSSProperties;
}

/**
 * A native select that looks like Mantine's NativeSelect: the storefront's input (ui/input-markup.tsx) around a
 * <select>, and ComboboxChevron's icon as a CSS image of the same path (issue 16: NativeSelect imports the whole
 * Combobox, and InputBase and the chevron their own code, into every page using them; the icon's path is half a
 * kilobyte of script).
 */
export function PlainSelect({ data, label, size = "sm", w, id, ...props }: Props) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <InputRoot size={size} label={label} labelFor={selectId} style={widthVars(w)} className={w === undefined ? undefined : classes.width}>
      <InputFrame pointer rightSection={<span className={classes.chevron} />}>
        <select className={inputClass} aria-invalid="false" id={selectId} {...props}>
          {data.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </InputFrame>
    </InputRoot>
  );
}
