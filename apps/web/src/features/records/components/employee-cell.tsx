import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Initials of the first and last words of a name: 'Ada Ngozi Obi' → 'AO'. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export function EmployeeCell({ fullName, employeeId }: { fullName: string; employeeId: string | null }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar aria-hidden="true" sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main' }}>
        {initialsOf(fullName)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {fullName}
        </Typography>
        {employeeId && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {employeeId}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
