import { EmptyState } from '../../../components/empty-state.tsx';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';

export interface SectionPlaceholderProps {
  title: string;
  /** h3 below a panel heading, h2 otherwise. */
  titleComponent?: 'h2' | 'h3';
}

/** A dashboard section whose screen is built by a later issue: says so, shows no data. */
export function SectionPlaceholder({ title, titleComponent = 'h2' }: SectionPlaceholderProps) {
  return <EmptyState title={title} message={UI_TEXTS.sectionPreparing} titleComponent={titleComponent} />;
}
