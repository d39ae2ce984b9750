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
      // A disabled field's hint says why it is disabled ('Subdomain cannot be changed after
      // creation.'): it keeps the secondary colour, not the 38% grey that fails AA contrast.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
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
