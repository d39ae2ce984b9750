import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import Print from '@mui/icons-material/Print';
import type { SiteList } from '@portal/contract/campaigns';
import { LoadingState } from '../../../components/loading-state.tsx';
import { NOT_ON_PHONE } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useSiteList } from '../api/get-site-list.ts';
import { FIELD_TEXTS } from '../field-texts.ts';
import { QrCodeImage } from './qr-code-image.tsx';

const texts = FIELD_TEXTS.print;
const DASH = '\u2014';
/** The class of what is printed; everything else on the page (bars, menus, buttons) is not. */
const PRINT_ROOT = 'site-list-print';
const NO_PRINT = 'site-list-no-print';
/** Closer cells on a phone; a PSN stays on one line (a number broken in two is misread). */
const PHONE_SPACING = { '@media (max-width: 599.95px)': { '& .MuiTableCell-root': { px: 1 } } };

/**
 * On paper: only the list, in black on white, its header repeated on every page, no row split
 * across two pages (a QR code cut in half does not scan).
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4', margin: '12mm' },
        'body *': { visibility: 'hidden' },
        [`.${PRINT_ROOT}, .${PRINT_ROOT} *`]: { visibility: 'visible' },
        [`.${PRINT_ROOT}`]: { position: 'absolute', left: 0, top: 0, width: '100%', color: '#000' },
        [`.${NO_PRINT}`]: { display: 'none !important' },
        [`.${PRINT_ROOT} .MuiTableContainer-root`]: { overflow: 'visible' },
        [`.${PRINT_ROOT} table`]: { minWidth: '0 !important' },
        [`.${PRINT_ROOT} thead`]: { display: 'table-header-group' },
        [`.${PRINT_ROOT} tr`]: { breakInside: 'avoid' },
        [`.${PRINT_ROOT} td, .${PRINT_ROOT} th`]: { borderBottom: '1px solid #999', color: '#000' },
      },
    }}
  />
);

/**
 * A site's printable list (issue #33 item 1): the exercise, the site, its days, the documents to
 * bring, and everyone expected there with a QR code that opens the agent's screen on them.
 */
export function SiteListPrint({ siteList }: { siteList: SiteList }) {
  const titleId = useId();
  const c = texts.columns;
  return (
    <Box component="section" aria-labelledby={titleId} className={PRINT_ROOT}>
      {printStyles}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography id={titleId} variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {texts.title(siteList.campaignName)}
          </Typography>
          <Typography sx={{ mt: 0.5 }}>
            <strong>{texts.site}:</strong> {siteList.site}
          </Typography>
          <Typography>
            <strong>{texts.days}:</strong> {siteList.days.map(formatCalendarDate).join(', ') || DASH}
          </Typography>
          <Typography>{texts.people(siteList.people.length)}</Typography>
        </Box>
        <Button
          className={NO_PRINT}
          variant="contained"
          startIcon={<Print />}
          onClick={() => window.print()}
          sx={{ minHeight: 48 }}
        >
          {texts.print}
        </Button>
      </Box>

      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
        {texts.documents}
      </Typography>
      {siteList.documents.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{texts.noDocuments}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', columns: { sm: 2 } }}>
          {siteList.documents.map((document) => (
            <Box component="li" key={document} sx={{ display: 'flex', gap: 1, py: 0.25 }}>
              <CheckBoxOutlineBlank fontSize="small" aria-hidden />
              <Typography variant="body2">{document}</Typography>
            </Box>
          ))}
        </Box>
      )}

      {siteList.people.length === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {texts.empty}
        </Alert>
      ) : (
        <Box sx={{ mt: 2 }}>
          <ScrollTableContainer label={texts.title(siteList.campaignName)}>
            {/* On a phone: who, the PSN and the code to scan; the postings and the day on paper and wider screens. */}
            <Table size="small" aria-labelledby={titleId} sx={[{ minWidth: { sm: 720 } }, PHONE_SPACING]}>
              <TableHead>
                <TableRow>
                  <TableCell>{c.name}</TableCell>
                  <TableCell>{c.psn}</TableCell>
                  <TableCell sx={NOT_ON_PHONE}>{c.ministry}</TableCell>
                  <TableCell sx={NOT_ON_PHONE}>{c.department}</TableCell>
                  <TableCell sx={NOT_ON_PHONE}>{c.day}</TableCell>
                  <TableCell align="center">{c.qr}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {siteList.people.map((person) => (
                  <TableRow key={person.id} data-testid="site-list-row">
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                      {person.fullName}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{person.psn ?? DASH}</TableCell>
                    <TableCell sx={NOT_ON_PHONE}>{person.ministry ?? DASH}</TableCell>
                    <TableCell sx={NOT_ON_PHONE}>{person.department ?? DASH}</TableCell>
                    <TableCell sx={[NOT_ON_PHONE, { whiteSpace: 'nowrap' }]}>
                      {formatCalendarDate(person.day)}
                    </TableCell>
                    <TableCell align="center" sx={{ py: 0.5 }}>
                      <Box sx={{ display: 'inline-block' }}>
                        <QrCodeImage
                          text={person.qr}
                          alt={texts.qrAlt(person.fullName)}
                          failedText={texts.qrFailed}
                        />
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollTableContainer>
        </Box>
      )}
    </Box>
  );
}

export interface SiteListPrintPageProps {
  campaignId: string;
  site: string;
}

/** The list of one site of an exercise, fetched (GET /campaigns/:id/site-list), then printable. */
export function SiteListPrintPage({ campaignId, site }: SiteListPrintPageProps) {
  const list = useSiteList(campaignId, site);
  if (list.isPending) return <LoadingState message={texts.loading} />;
  if (list.isError) return <Alert severity="error">{texts.loadFailed}</Alert>;
  return <SiteListPrint siteList={list.data} />;
}
