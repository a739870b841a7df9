import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { answerTree, treeKey, visibleRows, type AnswerNode } from './answer-tree';

interface Props {
  answer: unknown;
  label: string;
  chosen: string | null;
  onChoose(node: AnswerNode): void;
}

/** A field's name, its short value and its path, as one row of the tree reads them. */
function RowText({ node }: { node: AnswerNode }) {
  return (
    <>
      <span className="answer-key">{node.label}</span> <span className="answer-value">{node.summary}</span>{' '}
      <span className="answer-path muted">{node.path}</span>
    </>
  );
}

/** The raw answer as an expandable tree: arrows move and open, Enter or Space (or a click) chooses a field. */
export function AnswerTree({ answer, label, chosen, onChoose }: Props) {
  const root = useMemo(() => answerTree(answer), [answer]);
  // The first level opens by itself: most answers keep their result one or two levels down.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(root.children.map((c) => c.path)));
  const [focus, setFocus] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const rows = useMemo(() => visibleRows(root, expanded), [root, expanded]);
  const toggle = (path: string) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  const move = (index: number) => {
    setFocus(index);
    list.current?.querySelector<HTMLElement>(`[data-row="${index}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const action = treeKey(rows, focus, e.key);
    if (!action) return;
    e.preventDefault();
    e.stopPropagation();
    if ('choose' in action) {
      const row = rows[action.choose];
      if (row) onChoose(row.node);
    } else {
      if ('toggle' in action) toggle(action.toggle);
      move(action.focus);
    }
  };
  if (rows.length === 0) return <p className="muted">The answer is {root.summary}: it has no fields to point at.</p>;
  return (
    <ul
      role="tree"
      aria-label={label}
      className="answer-tree mono"
      ref={list}
      onKeyDown={onKeyDown}
      data-testid="ai-answer-tree"
    >
      {rows.map((row, i) => (
        <li
          key={row.node.path}
          role="treeitem"
          data-row={i}
          data-path={row.node.path}
          aria-level={row.depth}
          aria-expanded={row.expandable ? row.expanded : undefined}
          aria-selected={row.node.path === chosen}
          tabIndex={i === Math.min(focus, rows.length - 1) ? 0 : -1}
          className={`answer-row${row.node.path === chosen ? ' is-chosen' : ''}`}
          style={{ paddingInlineStart: `${(row.depth - 1) * 1.25}rem` }}
          onFocus={() => setFocus(i)}
          onClick={() => onChoose(row.node)}
        >
          {row.expandable ? (
            <span
              className="answer-twisty"
              aria-hidden="true"
              onClick={(e) => {
                e.stopPropagation();
                toggle(row.node.path);
              }}
            >
              {row.expanded ? '▾' : '▸'}
            </span>
          ) : (
            <span className="answer-twisty" aria-hidden="true" />
          )}
          <RowText node={row.node} />
        </li>
      ))}
    </ul>
  );
}
