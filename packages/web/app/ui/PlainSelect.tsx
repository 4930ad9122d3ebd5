import { type CSSProperties, type ComponentPropsWithoutRef, useId } from "react";
import classes from "./PlainSelect.module.css";

type Width = number | { base: number; sm: number };
type Props = Omit<ComponentPropsWithoutRef<"select">, "size"> & {
  data: { value: string; label: string }[];
  label?: string;
  size?: "sm" | "md";
  /** Pixels, or pixels on phones and from the sm breakpoint (48em) up. */
  w?: Width;
};

const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

function widthVars(w: Width | undefined): CSSProperties | undefined {
  if (w === undefined) return undefined;
  const [base, sm] = typeof w === "number" ? [w, w] : [w.base, w.sm];
  return { "--plain-select-w": rem(base), "--plain-select-w-sm": rem(sm) } as CSSProperties;
}

/**
 * A native select drawn as Mantine's NativeSelect draws it: its input wrapper and <select> written as the elements and
 * classes InputBase renders, so Mantine's stylesheet draws them, and ComboboxChevron's icon as a CSS mask of the same
 * path (issue 16: NativeSelect imports the whole Combobox, and InputBase and the chevron their own code, into every
 * page using them; the icon's path is half a kilobyte of script).
 */
export function PlainSelect({ data, label, size = "sm", w, id, ...props }: Props) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div style={widthVars(w)} className={`m_46b77525${w === undefined ? "" : ` ${classes.width}`}`} data-size={size}>
      {label && (
        <label
          style={{ "--input-label-size": `var(--mantine-font-size-${size})` } as CSSProperties}
          className="m_8fdc1311"
          data-size={size}
          htmlFor={selectId}
          id={`${selectId}-label`}
        >
          {label}
        </label>
      )}
      <div
        style={
          {
            "--input-height": `var(--input-height-${size})`,
            "--input-fz": `var(--mantine-font-size-${size})`,
            "--input-right-section-pointer-events": "none",
          } as CSSProperties
        }
        className="m_6c018570"
        data-variant="default"
        data-size={size}
        data-pointer="true"
        data-with-right-section="true"
      >
        <select className="m_8fb7ebe7" data-variant="default" aria-invalid="false" id={selectId} {...props}>
          {data.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div data-position="right" className="m_82577fc2">
          <span
            style={{ "--combobox-chevron-size": `var(--combobox-chevron-size-${size})` } as CSSProperties}
            className={`m_2943220b ${classes.chevron}`}
            data-size={size}
            data-combobox-chevron="true"
          />
        </div>
      </div>
    </div>
  );
}
