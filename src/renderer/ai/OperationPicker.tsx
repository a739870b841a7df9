import type { AiOperation } from '../../shared/profile';
import { TabList } from '../app/TabList';
import { operationLabels } from './labels';

export const tabId = (op: AiOperation) => `studio-tab-${op}`;

/** The eight operations as tabs. */
export function OperationPicker({
  operations,
  value,
  panelId,
  onChange,
}: {
  operations: readonly AiOperation[];
  value: AiOperation;
  panelId: string;
  onChange(op: AiOperation): void;
}) {
  return (
    <TabList
      items={operations}
      value={value}
      label="Operation"
      tabId={tabId}
      panelId={panelId}
      text={(op) => operationLabels[op]}
      onChange={onChange}
      className="studio-ops"
      tabClassName="studio-op"
      testId={(op) => `studio-op-${op}`}
    />
  );
}
