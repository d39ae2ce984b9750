import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's default colours put white text on mid green/orange/blue (below 4.5:1); these
 * keep every toast readable (WCAG AA).
 */
export const SnackbarContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': {
    backgroundColor: theme.palette.success.dark,
    color: theme.palette.common.white,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: theme.palette.error.dark,
    color: theme.palette.common.white,
  },
  '&.notistack-MuiContent-warning': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.common.black,
  },
  '&.notistack-MuiContent-info': {
    backgroundColor: theme.palette.info.dark,
    color: theme.palette.common.white,
  },
}));
