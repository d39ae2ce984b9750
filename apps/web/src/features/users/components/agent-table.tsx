import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Agent } from '@portal/contract/people';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { PersonCell } from '../../../components/initials-avatar.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { USERS_TEXTS } from '../users-texts.ts';
import { NamedChips } from './reviewer-table.tsx';

const texts = USERS_TEXTS.agents;

const worksWholeTenant = (agent: Agent) =>
  agent.assignedMinistries.length === 0 && agent.assignedDepartments.length === 0;

export interface AgentTableProps {
  agents: readonly Agent[];
  labelledBy: string;
  onEdit: (agent: Agent) => void;
}

/** One page of field agents with their assignments; none assigned reads 'Whole tenant'. */
export function AgentTable({ agents, labelledBy, onEdit }: AgentTableProps) {
  const c = texts.columns;
  const columns: DataColumn<Agent>[] = [
    {
      header: c.agent,
      phone: true,
      cell: (agent) => <PersonCell fullName={agent.fullName} secondary={agent.email} />,
      rowHeader: true,
    },
    {
      header: c.ministries,
      phone: true,
      cell: (agent) =>
        worksWholeTenant(agent) ? (
          <Chip size="small" label={texts.wholeTenant} />
        ) : (
          <NamedChips items={agent.assignedMinistries} />
        ),
    },
    { header: c.departments, cell: (agent) => <NamedChips items={agent.assignedDepartments} /> },
    {
      header: c.actions,
      phone: true,
      align: 'right',
      cell: (agent) => (
        <Tooltip title={texts.edit(agent.fullName)}>
          <IconButton aria-label={texts.edit(agent.fullName)} onClick={() => onEdit(agent)}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <ScrollTableContainer label={texts.title}>
      <DataTable labelledBy={labelledBy} small minWidth={640} columns={columns} rows={agents} />
    </ScrollTableContainer>
  );
}
