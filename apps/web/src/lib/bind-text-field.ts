import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

/**
 * Controlled binding of an MUI TextField to a react-hook-form field: after `reset()` MUI sees the
 * emptied value (an uncontrolled field would keep its label floating over an empty box).
 */
export function bindTextField<T extends FieldValues, K extends FieldPath<T>>(
  field: ControllerRenderProps<T, K>,
  fieldState: ControllerFieldState,
) {
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    inputRef: field.ref,
    onBlur: field.onBlur,
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    error: fieldState.error !== undefined,
    helperText: fieldState.error?.message,
  };
}
