import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Icon } from './icons.tsx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  label: string;
  /** The message under the field when its value is wrong: the field reads as invalid. */
  error?: string;
  /** A hint under the field when there is no error. */
  helperText?: string;
  /** A control at the field's end (the password's show/hide). */
  end?: ReactNode;
  /** Shown in the empty field once it has the focus (the label sits above it then), as MUI does. */
  placeholder?: string;
}

/**
 * MUI's outlined TextField in plain HTML: the label floats on focus or a value (CSS only, so the
 * pre-rendered copy and the live page are the same markup), the message is the input's
 * description and `aria-invalid` says it is an error.
 */
export function TextField({
  ref,
  label,
  error,
  helperText,
  end,
  placeholder,
  id,
  required,
  className,
  ...input
}: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const message = error ?? helperText;
  const messageId = `${inputId}-helper`;
  const classes = ['fk-field', error ? 'fk-field--error' : '', end ? 'fk-field--end' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <div className="fk-field__box">
        <input
          {...input}
          ref={ref}
          id={inputId}
          required={required}
          // A placeholder, blank when none is given, lets the CSS tell an empty field
          // (:placeholder-shown) from a filled one.
          placeholder={placeholder ?? ' '}
          className="fk-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
        />
        <label htmlFor={inputId} className="fk-field__label">
          {label}
          {required && <span aria-hidden="true">{'\u2009*'}</span>}
        </label>
        {end && <div className="fk-field__end">{end}</div>}
        <fieldset aria-hidden="true" className="fk-field__outline">
          <legend>
            <span>
              {label}
              {required ? '\u2009*' : ''}
            </span>
          </legend>
        </fieldset>
      </div>
      {message && (
        <p id={messageId} className="fk-field__helper">
          {message}
        </p>
      )}
    </div>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'end'> {
  /** The show/hide button's accessible name. */
  toggleLabel: string;
}

/** A password field with the show/hide button; the button keeps the field's focus. */
export function PasswordField({ toggleLabel, ...field }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...field}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="fk-icon-button"
          aria-label={toggleLabel}
          aria-pressed={shown}
          disabled={field.disabled}
          onClick={() => setShown((value) => !value)}
          onMouseDown={(event) => event.preventDefault()}
        >
          <Icon name={shown ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
