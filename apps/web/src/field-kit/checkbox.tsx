import type { InputHTMLAttributes } from 'react';
import { Icon } from './icons.tsx';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  /** A label of several lines (the claim's consent) starts beside the box's top, not its middle. */
  alignTop?: boolean;
}

/** A native checkbox drawn with MUI's icons; the label is the whole 48 px row. */
export function Checkbox({ label, alignTop, ...input }: CheckboxProps) {
  return (
    <label className={alignTop ? 'fk-check fk-check--top' : 'fk-check'}>
      <span className="fk-check__box">
        <input {...input} type="checkbox" className="fk-check__input" />
        <Icon name="checkboxOff" className="fk-check__off" />
        <Icon name="checkboxOn" className="fk-check__on" />
      </span>
      <span className="fk-check__label">{label}</span>
    </label>
  );
}
