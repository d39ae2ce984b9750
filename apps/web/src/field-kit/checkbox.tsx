import type { InputHTMLAttributes } from 'react';
import { Icon } from './icons.tsx';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

/** A native checkbox drawn with MUI's icons; the label is the whole 48 px row. */
export function Checkbox({ label, ...input }: CheckboxProps) {
  return (
    <label className="fk-check">
      <span className="fk-check__box">
        <input {...input} type="checkbox" className="fk-check__input" />
        <Icon name="checkboxOff" className="fk-check__off" />
        <Icon name="checkboxOn" className="fk-check__on" />
      </span>
      <span>{label}</span>
    </label>
  );
}
