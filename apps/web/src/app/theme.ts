import { createTheme, responsiveFontSizes } from '@mui/material/styles';

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
    },
  }),
);
