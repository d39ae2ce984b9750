import type { FieldExercise } from '@portal/contract/field';
import { formatCount } from '@portal/contract/counts';
import { Icon } from '../../../field-kit/icons.tsx';
import { formatCalendarDate } from '../../../lib/calendar-date.ts';
import { sharePercent } from '../../../lib/record-status-label.ts';
import { FIELD_TEXTS } from '../field-texts.ts';

const texts = FIELD_TEXTS.desk;

/** One running exercise as the agent needs it at the table: what to check, how far, where today. */
export function ExerciseCard({ exercise }: { exercise: FieldExercise }) {
  const share = sharePercent(exercise.appeared, exercise.inAssignment);
  return (
    <article className="fk-sheet fk-exercise" aria-label={exercise.name}>
      <h4 className="fk-exercise__name">{exercise.name}</h4>
      <p className="fk-hint">{texts.closes(formatCalendarDate(exercise.closesOn))}</p>

      <div className="fk-exercise__progress">
        <p className="fk-body2 fk-strong-text">{texts.progress(exercise.appeared, exercise.inAssignment)}</p>
        <div
          className="fk-progress"
          role="progressbar"
          aria-label={texts.progressLabel(exercise.name)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share)}
        >
          <div className="fk-progress__bar" style={{ width: `${share}%` }} />
        </div>
        <div className="fk-row-wrap">
          <p className="fk-body2">{texts.remaining(formatCount(exercise.remaining))}</p>
          {exercise.excused > 0 && <p className="fk-body2">{texts.excused(formatCount(exercise.excused))}</p>}
          <p className="fk-body2 fk-strong-text">
            {texts.helpedToday(formatCount(exercise.verifiedByMeToday))}
          </p>
        </div>
      </div>

      <h5 className="fk-subheading">{texts.documents}</h5>
      {exercise.documents.length === 0 ? (
        <p className="fk-hint">{texts.noDocuments}</p>
      ) : (
        <ul className="fk-plain-list">
          {exercise.documents.map((document) => (
            <li key={document} className="fk-icon-line">
              <Icon name="checkboxOff" className="fk-icon--small" />
              <span className="fk-body2">{document}</span>
            </li>
          ))}
        </ul>
      )}

      <h5 className="fk-subheading">{texts.todaySites}</h5>
      {exercise.todaySchedule.length === 0 ? (
        <p className="fk-hint">{texts.noSiteToday}</p>
      ) : (
        <ul className="fk-plain-list fk-plain-list--spaced">
          {exercise.todaySchedule.map((entry) => (
            <li key={`${entry.day}-${entry.site}`}>
              <div className="fk-icon-line fk-icon-line--center">
                <Icon name="place" className="fk-icon--small" />
                <span className="fk-body2 fk-strong-text">{entry.site}</span>
              </div>
              <div className="fk-chips fk-chips--indented">
                {[...entry.ministries, ...entry.departments].map((posting) => (
                  <span key={posting.id} className="fk-chip">
                    {posting.name}
                  </span>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
