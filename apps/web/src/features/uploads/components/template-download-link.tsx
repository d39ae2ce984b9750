import { useSnackbar } from 'notistack';
import Link from '@mui/material/Link';
import { TOAST_MS } from '@portal/contract/limits';
import { useDownloadTemplate } from '../api/download-template.ts';
import { UPLOADS_TEXTS as texts } from '../uploads-texts.ts';

/** A link-styled button: the template needs the bearer token, which a plain href cannot send. */
export function TemplateDownloadLink() {
  const download = useDownloadTemplate();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onError: () =>
            enqueueSnackbar(texts.templateFailed, { variant: 'error', autoHideDuration: TOAST_MS.records }),
        })
      }
      sx={{ verticalAlign: 'baseline' }}
    >
      {texts.downloadTemplate}
    </Link>
  );
}
