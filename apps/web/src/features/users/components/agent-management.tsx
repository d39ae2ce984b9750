import { useEffect, useId, useState } from 'react';
import Hail from '@mui/icons-material/Hail';
import type { Agent } from '@portal/contract/people';
import { PAGE_SIZES } from '@portal/contract/limits';
import { ListQueryBody } from '../../../components/list-query-body.tsx';
import { TablePaginationBar, useClientPages } from '../../../components/table-pagination-bar.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useAgents } from '../api/get-agents.ts';
import { useDepartments } from '../api/get-departments.ts';
import { useMinistries } from '../api/get-ministries.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { AgentTable } from './agent-table.tsx';
import { EditAssignmentsDialog } from './edit-assignments-dialog.tsx';

const texts = USERS_TEXTS.agents;
// Agents page like reviewers: a tenant has a few dozen of either.
const PAGE_SIZE_OPTIONS = PAGE_SIZES.reviewers;

/** Field agents (issue #33): who finds which ministries' and departments' people; none is all. */
export function AgentManagement() {
  const titleId = useId();
  const toast = useToasts(TENANT_TOASTS);
  const agents = useAgents();
  const ministries = useMinistries();
  const departments = useDepartments();
  const { rows, bar } = useClientPages(agents.data ?? [], PAGE_SIZE_OPTIONS, PAGE_SIZE_OPTIONS[0]);
  const [editing, setEditing] = useState<Agent | null>(null);

  useEffect(() => {
    if (agents.isError) {
      console.error('Loading the agents failed', agents.error);
      toast.error(texts.loadFailed);
    }
  }, [agents.isError, agents.error, toast]);

  return (
    <TitledSection title={texts.title} subtitle={texts.subtitle} gap={1} titleId={titleId}>
      <ListQueryBody
        query={agents}
        count={agents.data?.length ?? 0}
        loading={texts.loading}
        loadFailed={texts.loadFailed}
        empty={{ title: texts.emptyTitle, message: texts.emptyHint, icon: <Hail /> }}
      >
        <AgentTable agents={rows} labelledBy={titleId} onEdit={setEditing} />
        <TablePaginationBar {...bar} />
      </ListQueryBody>
      {editing && (
        <EditAssignmentsDialog
          key={editing.id}
          kind="agent"
          person={editing}
          ministries={ministries.data ?? []}
          departments={departments.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </TitledSection>
  );
}
