/** Paper of a fixed-width queue dialog (SPEC §9: 600 or 800 px), never wider than the screen. */
export const dialogPaper = (width: number) => ({
  paper: { sx: { width, maxWidth: width === 800 ? '90vw' : 'calc(100% - 32px)', m: 2 } },
});
