import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  APPEAL_ATTACHMENT_TYPES,
  APPEAL_KIND_LABELS,
  APPEAL_KINDS,
  APPEAL_LIMITS,
  APPEAL_MESSAGES,
} from '@portal/contract/appeal-texts';
import { Alert, type Severity } from '../../../field-kit/alert.tsx';
import { Button } from '../../../field-kit/button.tsx';
import { Icon } from '../../../field-kit/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatFileSize } from '../../../lib/format-file-size.ts';
import { attachFile, lodgeAppeal } from '../api/agent-appeal-calls.ts';
import { checkAppeal } from '../appeal-check.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.employee;
const agentTexts = APPEALS_TEXTS.agent;
const TYPES: readonly string[] = APPEAL_ATTACHMENT_TYPES;

/** Why a file cannot go (by its declared type and size; the server judges the content again). */
function attachmentProblem(file: File): string | null {
  if (!TYPES.includes(file.type)) return APPEAL_MESSAGES.attachmentType;
  if (file.size > APPEAL_LIMITS.attachmentMaxBytes) return APPEAL_MESSAGES.attachmentTooLarge;
  return null;
}

/** The server's message, else the error's own, else `fallback` (lib/error-message.ts without zod). */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface AgentAppealDialogProps {
  person: { id: string; fullName: string };
  onClose: () => void;
  /** A toast on the page: the appeal lodged, or a file that did not go. */
  onToast: (message: string, severity: Severity) => void;
}

/**
 * The field agent's appeal with the person present (issue #34 item 1), in the field kit (issue
 * #32; the employee's is features/appeals/components/lodge-own-dialog.tsx): what happened, their
 * grounds, documents. The appeal is lodged first and the files go after it, one by one; a file
 * refused there leaves the appeal lodged and says which file did not go. Loaded when the agent
 * asks for it, not with the page.
 */
export function AgentAppealDialog({ person, onClose, onToast }: AgentAppealDialogProps) {
  const titleId = useId();
  const introId = useId();
  const hintId = useId();
  const kindId = useId();
  const groundsId = useId();
  const [kind, setKind] = useState('');
  const [grounds, setGrounds] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ kind?: string; grounds?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const first = useRef<HTMLSelectElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  // A modal <dialog>: the browser keeps focus and the screen reader inside it (the rest of the page
  // is inert), shows it above everything and answers Escape with 'cancel' (DECISIONS 228).
  useEffect(() => {
    opener.current = document.activeElement;
    const element = dialog.current;
    // A browser without the element's methods (jsdom in the unit tests) shows it open, not modal.
    if (typeof element?.showModal === 'function') {
      if (!element.open) element.showModal();
    } else element?.setAttribute('open', '');
    first.current?.focus();
    return () => {
      if (typeof element?.close === 'function') {
        if (element.open) element.close();
      } else element?.removeAttribute('open');
      (opener.current as HTMLElement | null)?.focus?.();
    };
  }, []);

  const close = () => {
    if (!busy) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkAppeal({ kind, grounds });
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    setProblem(null);
    setBusy(true);
    lodgeAppeal({ recordId: person.id, ...checked.values }).then(
      async (appealId) => {
        for (const file of files) {
          try {
            await attachFile(appealId, file);
          } catch (error) {
            onToast(
              texts.uploadFailed(file.name, messageOf(error, APPEAL_MESSAGES.attachmentType)),
              'warning',
            );
          }
        }
        setBusy(false);
        onToast(APPEAL_MESSAGES.lodgedOnBehalf, 'success');
        onClose();
      },
      (error: unknown) => {
        setBusy(false);
        setProblem(messageOf(error, agentTexts.formTitle(person.fullName)));
      },
    );
  };
  const add = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    const refused = list.map(attachmentProblem).find((p) => p !== null) ?? null;
    const ok = list.filter((f) => attachmentProblem(f) === null);
    const next = [...files, ...ok].slice(0, APPEAL_LIMITS.attachmentsPerAppeal);
    setFiles(next);
    setFileError(
      refused ?? (files.length + ok.length > next.length ? APPEAL_MESSAGES.attachmentsFull : null),
    );
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={introId}
      className="fk-dialog"
      onCancel={(event) => {
        // Escape: the dialog closes through its owner (or stays while the appeal is being lodged).
        event.preventDefault();
        close();
      }}
      // A tap on the backdrop lands on the <dialog> itself; its form fills the box.
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      <form noValidate onSubmit={submit}>
        <h2 id={titleId} className="fk-dialog__title">
          {agentTexts.formTitle(person.fullName)}
        </h2>
        <div className="fk-dialog__content fk-stack fk-stack--20">
          <p id={introId} className="fk-secondary">
            {agentTexts.formIntro}
          </p>
          <div className={errors.kind ? 'fk-native fk-native--error' : 'fk-native'}>
            <label htmlFor={kindId} className="fk-native__label">
              {texts.kind}
              <span aria-hidden="true">{'\u2009*'}</span>
            </label>
            <select
              ref={first}
              id={kindId}
              name="kind"
              required
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value)}
              aria-invalid={errors.kind ? true : undefined}
              aria-describedby={errors.kind ? `${kindId}-helper` : undefined}
              className="fk-native__control"
            >
              <option value="" disabled hidden />
              {APPEAL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {APPEAL_KIND_LABELS[k]}
                </option>
              ))}
            </select>
            {errors.kind && (
              <p id={`${kindId}-helper`} className="fk-field__helper">
                {errors.kind}
              </p>
            )}
          </div>
          <div className={errors.grounds ? 'fk-native fk-native--error' : 'fk-native'}>
            <label htmlFor={groundsId} className="fk-native__label">
              {agentTexts.grounds}
              <span aria-hidden="true">{'\u2009*'}</span>
            </label>
            <textarea
              id={groundsId}
              name="grounds"
              required
              rows={4}
              maxLength={APPEAL_LIMITS.groundsMax}
              value={grounds}
              onChange={(event) => setGrounds(event.currentTarget.value)}
              aria-invalid={errors.grounds ? true : undefined}
              aria-describedby={errors.grounds ? `${groundsId}-helper` : undefined}
              className="fk-native__control"
            />
            {errors.grounds && (
              <p id={`${groundsId}-helper`} className="fk-field__helper">
                {errors.grounds}
              </p>
            )}
          </div>
          <div>
            <input
              ref={fileInput}
              type="file"
              hidden
              multiple
              accept={APPEAL_ATTACHMENT_TYPES.join(',')}
              data-testid="appeal-files"
              onChange={(event) => add(event.currentTarget.files)}
            />
            <Button
              variant="outlined"
              onClick={() => fileInput.current?.click()}
              disabled={busy || files.length >= APPEAL_LIMITS.attachmentsPerAppeal}
              aria-describedby={hintId}
            >
              {texts.files}
            </Button>
            <p id={hintId} className={fileError ? 'fk-body2 fk-error-text' : 'fk-body2 fk-secondary'}>
              {fileError ?? texts.filesHint}
            </p>
            {files.length > 0 && (
              <ul className="fk-plain-list">
                {files.map((f, i) => (
                  <li key={`${f.name}-${i}`} className="fk-file">
                    <span className="fk-file__name">
                      {f.name} ({formatFileSize(f.size)})
                    </span>
                    <button
                      type="button"
                      className="fk-icon-button"
                      aria-label={texts.removeFile(f.name)}
                      disabled={busy}
                      onClick={() => {
                        setFiles(files.filter((_, j) => j !== i));
                        setFileError(null);
                      }}
                    >
                      <Icon name="close" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {problem && <Alert severity="error">{problem}</Alert>}
        </div>
        <div className="fk-dialog__actions">
          <Button variant="text" onClick={close} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button type="submit" busy={busy} aria-busy={busy}>
            {busy ? texts.submitting : texts.submit}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
