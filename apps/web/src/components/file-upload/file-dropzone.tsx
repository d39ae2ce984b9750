import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { ACCEPT_ATTRIBUTE } from '../../lib/upload-state.ts';
import { FILE_UPLOAD_TEXTS as texts } from './file-upload-texts.ts';

export interface FileDropzoneProps {
  /** What to drop, e.g. 'Drag and drop your master list here'. */
  title: string;
  onFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * Click-to-browse area that also takes a dropped file. The file input stays in the page but
 * out of sight and out of the tab order; the visible 'Browse Files' button opens it, so
 * keyboard users get a real button.
 */
export function FileDropzone({ title, onFile, disabled = false }: FileDropzoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const browse = () => {
    if (!disabled) inputRef.current?.click();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };

  return (
    <Box
      data-testid="upload-dropzone"
      onClick={browse}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'background.default',
        borderRadius: 2,
        px: 2,
        py: { xs: 3, md: 4 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <CloudUploadOutlined aria-hidden="true" sx={{ fontSize: 48, color: 'primary.main' }} />
      <Typography sx={{ fontWeight: 500 }}>{title}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.dropzoneHint}
      </Typography>
      <Button
        variant="outlined"
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
          browse();
        }}
      >
        {texts.browse}
      </Button>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {texts.dropzoneAccepts}
      </Typography>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        aria-label={texts.browse}
        tabIndex={-1}
        hidden
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again still reports a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
