import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A record's page after its record was deleted: `leave()` marks it deleted, and once that has rendered
 * (so an unsaved-changes guard reading `deleted` lets it go) the page goes to `to`.
 */
export const useLeaveAfterDelete = (to: string) => {
  const navigate = useNavigate();
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (deleted) navigate(to);
  }, [deleted, navigate, to]);
  return { deleted, leave: () => setDeleted(true) };
};
