// New Message: the crew of the caller's group (GET /api/crew-members, fetched when the picker
// opens and again as the search changes), searched by name, airline, position or employee number.
import { useEffect, useId, useState } from 'react';
import { MESSAGING_MSG } from '#protocol/messages/messaging.ts';
import type { CrewMember } from '#protocol/shapes.ts';
import { api } from '../../api/client.ts';
import { fullName, POSITION_LABELS } from '../../lib/format.ts';
import { withQuery } from '../../stores/paging.ts';
import { COMMON_TEXT } from '../../texts/common.ts';
import { MESSAGING_TEXT } from '../../texts/messaging.ts';
import { Modal } from '../Modal.tsx';
import { Avatar } from './pieces.tsx';

const SEARCH_DELAY_MS = 200;

export function NewMessageDialog({ onPick, onClose }: { onPick: (member: CrewMember) => void; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [state, setState] = useState<{ members: CrewMember[]; loaded: boolean; error: boolean }>({
    members: [],
    loaded: false,
    error: false,
  });
  const searchId = useId();

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        api
          .get(withQuery('/api/crew-members', { search: search.trim() }), { signal: controller.signal })
          .then((members) => setState({ members, loaded: true, error: false }))
          .catch(() => {
            if (!controller.signal.aborted) setState((s) => ({ ...s, loaded: true, error: true }));
          });
      },
      search ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  return (
    <Modal title={MESSAGING_TEXT.newMessage} onClose={onClose} className="new-message-dialog">
      <label htmlFor={searchId} className="visually-hidden">
        {MESSAGING_TEXT.searchCrew}
      </label>
      <input
        id={searchId}
        type="search"
        className="input crew-search"
        placeholder={MESSAGING_TEXT.searchCrewPlaceholder}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-autofocus
      />
      {!state.loaded ? (
        <p className="muted list-slot" role="status">
          {COMMON_TEXT.loading}
        </p>
      ) : state.error ? (
        <p className="empty-text list-slot">{MESSAGING_TEXT.crewLoadFailed}</p>
      ) : state.members.length === 0 ? (
        <p className="empty-text list-slot" role="status">
          {MESSAGING_MSG.noCrewMembers}
        </p>
      ) : (
        <ul className="crew-picker" aria-label="Crew members">
          {state.members.map((m) => (
            <li key={m.id}>
              <button type="button" className="crew-option" onClick={() => onPick(m)}>
                <Avatar user={m} />
                <span className="crew-option-text">
                  <span className="crew-option-name">{fullName(m)}</span>
                  <span className="crew-option-meta">
                    {[m.airline, m.position ? POSITION_LABELS[m.position] : null, m.employeeNumber ? `#${m.employeeNumber}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
