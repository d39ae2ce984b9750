import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { formatFileSize } from '../../lib/format-file-size.ts';
import { FILE_UPLOAD_TEXTS as texts } from './file-upload-texts.ts';

export interface SelectedFileProps {
  file: File;
  /** Absent when the file may not be removed (while it uploads). */
  onRemove?: () => void;
}

/** The chosen file: name, size (base 1024) and a remove button. */
export function SelectedFile({ file, onRemove }: SelectedFileProps) {
  return (
    <Box
      role="group"
      aria-label={texts.selectedFile}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <InsertDriveFileOutlined aria-hidden="true" sx={{ color: 'primary.main' }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="selected-file-name">
          {file.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="selected-file-size">
          {formatFileSize(file.size)}
        </Typography>
      </Box>
      {onRemove && (
        <IconButton aria-label={texts.removeFile(file.name)} onClick={onRemove} edge="end">
          <CloseIcon />
        </IconButton>
      )}
    </Box>
  );
}
