import { Checkbox, type CheckboxGroupProps, Radio, type RadioGroupProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';

/**
 * Mantine draws a group's error under it and links it with aria-describedby, but leaves aria-invalid
 * off the radiogroup / group element. This keeps it in line with the error on every render.
 */
function useGroupInvalid(invalid: boolean) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const group = root.current?.querySelector('[role="radiogroup"], [role="group"]');
    if (!group) return;
    if (invalid) group.setAttribute('aria-invalid', 'true');
    else group.removeAttribute('aria-invalid');
  });
  return root;
}

type Named<P> = P & {
  /** The form field's name: the error summary finds the group by it (data-field). */
  field: string;
};

/** A radio group that carries aria-invalid and its message (aria-describedby) while in error. */
export function RadioGroupField({ field, ...props }: Named<RadioGroupProps>) {
  const root = useGroupInvalid(Boolean(props.error));
  return <Radio.Group ref={root} name={field} data-field={field} {...props} />;
}

/** A checkbox group that carries aria-invalid and its message (aria-describedby) while in error. */
export function CheckboxGroupField({ field, ...props }: Named<CheckboxGroupProps>) {
  const root = useGroupInvalid(Boolean(props.error));
  return <Checkbox.Group ref={root} data-field={field} {...props} />;
}
