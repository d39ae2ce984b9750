import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface TitledSectionProps {
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** h6 on the tenant admin's tabs; the global admin's tenant screens use a bold subtitle1. */
  variant?: 'h6' | 'subtitle1';
  /** Space under the title (or the subtitle), in theme units. */
  gap?: number;
  /** The title's id, for a caller that labels something else by it (a table, a form). */
  titleId?: string;
  children: ReactNode;
}

/** A part of a screen headed by an h3 that names it (the section is labelled by its title). */
export function TitledSection({
  title,
  subtitle,
  variant = 'h6',
  gap,
  titleId,
  children,
}: TitledSectionProps) {
  const ownId = useId();
  const id = titleId ?? ownId;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        variant={variant}
        component="h3"
        sx={{ fontWeight: variant === 'subtitle1' ? 600 : undefined, mb: subtitle ? undefined : gap }}
      >
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: gap }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** Form fields on a grid: two columns on desktop, one on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** Makes a grid child span the whole row. */
export const FULL_ROW = { gridColumn: '1 / -1' } as const;
