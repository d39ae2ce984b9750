import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { TabTitle } from '../../../components/tab-header.tsx';
import { CreateUserDialog } from '../components/create-user-dialog.tsx';
import { CreateUserForm } from '../components/create-user-form.tsx';
import { AgentManagement } from '../components/agent-management.tsx';
import { ReviewerManagement } from '../components/reviewer-management.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { USERS_TEXTS as texts } from '../users-texts.ts';

/**
 * /dashboard/tenant-admin/users: the users form and table, the 'Create New User' dialog, and
 * Reviewer Management and the field agents' assignments below them (SPEC §2 gives the latter no
 * route of its own).
 */
export function UsersPage() {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <TabTitle title={texts.title} subtitle={texts.subtitle} />
        </Box>
        <Button variant="outlined" startIcon={<PersonAddAlt />} onClick={() => setDialogOpen(true)}>
          {texts.openDialog}
        </Button>
      </Box>
      <CreateUserForm />
      <Divider />
      <UsersTable />
      <Divider />
      <ReviewerManagement />
      <Divider />
      <AgentManagement />
      <CreateUserDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Box>
  );
}
