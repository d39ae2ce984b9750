import { useState, type ChangeEvent } from 'react';
import { isValid, type Checked } from '../../claim-check.ts';

/**
 * A step's text fields, checked by hand (claim-check.ts) as the app's forms check them with the
 * contract's schema (lib/use-zod-form.ts, SPEC §5): a field's message shows once it has been left,
 * then follows every change. `valid` is the whole step's, so the submit button can wait for it.
 */
export function useStepFields<V extends Record<string, string>>(
  initial: V,
  check: (values: V) => Checked<V>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const checked = check(values);
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: touched[name] ? checked.errors[name] : undefined,
  });
  return { field, values: checked.values, valid: isValid(checked) };
}
