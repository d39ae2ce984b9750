import type { ReactNode } from 'react';
import { FieldGrid, TitledSection } from '../../../components/titled-section.tsx';

/** A titled group of the tenant form's fields: two columns on desktop, one on phones. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection title={title} variant="subtitle1" gap={2}>
      <FieldGrid>{children}</FieldGrid>
    </TitledSection>
  );
}
