import { createTheme, responsiveFontSizes } from '@mui/material/styles';
import { formatCount } from '../lib/format.ts';

export const theme = responsiveFontSizes(
  createTheme({
    palette: {
      primary: { main: '#1565c0' },
      secondary: { main: '#00695c' },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: {
      h4: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 500 } } },
      // Every table's '1–10 of 2,000' with the separators the chips and cards use.
      MuiTablePagination: {
        defaultProps: {
          labelDisplayedRows: ({ from, to, count }) =>
            `${formatCount(from)}\u2013${formatCount(to)} of ${count === -1 ? `more than ${formatCount(to)}` : formatCount(count)}`,
        },
      },
    },
  }),
);
