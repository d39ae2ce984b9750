import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { TabTitle } from '../../../components/tab-header.tsx';
import { MasterListUploader } from '../components/master-list-uploader.tsx';
import { TemplateDownloadLink } from '../components/template-download-link.tsx';
import { UploadHistoryTable } from '../components/upload-history-table.tsx';
import { UPLOADS_TEXTS as texts } from '../uploads-texts.ts';

/** /dashboard/tenant-admin/uploads: the Master List Uploader and the upload history. */
export function UploadsPage() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <TabTitle
          title={texts.title}
          subtitle={
            <>
              {texts.subtitle} <TemplateDownloadLink />
            </>
          }
        />
      </Box>
      <MasterListUploader />
      <Divider />
      <UploadHistoryTable />
    </Box>
  );
}
