import { ComboboxChevron, InputBase, type InputBaseProps, type MantineSize } from "@mantine/core";
import type { ComponentPropsWithoutRef } from "react";

type Props = Omit<InputBaseProps, "size"> &
  Omit<ComponentPropsWithoutRef<"select">, "size"> & { data: { value: string; label: string }[]; size?: MantineSize };

/**
 * A native select drawn as Mantine's NativeSelect draws it (InputBase as a <select>, its chevron), for the shop pages:
 * NativeSelect's own module imports the whole Combobox, and through it floating-ui, into every page using it (issue 16).
 */
export function PlainSelect({ data, size = "sm", ...props }: Props) {
  return (
    <InputBase
      component="select"
      size={size}
      pointer
      rightSection={<ComboboxChevron size={size} />}
      rightSectionPointerEvents="none"
      {...props}
    >
      {data.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </InputBase>
  );
}
