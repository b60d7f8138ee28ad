import { Alert, MultiSelect } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The campaigns to invite to, chosen among the running ones (only a running campaign takes
 * invitations): a searchable multiple choice, or a note instead when none is running.
 */
export const RunningCampaignsField = ({
  campaigns,
  loading,
  noneRunning,
  noneRunningText,
  label,
  description,
  placeholder,
  nothingFound,
  value,
  onChange,
  error,
  required,
  autoFocus,
}: {
  /** The running campaigns; undefined while they load. */
  campaigns: readonly { _id: string; title: string }[] | undefined;
  loading: boolean;
  noneRunning: boolean;
  noneRunningText: string;
  label: string;
  description: string;
  placeholder: string;
  nothingFound: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error: ReactNode;
  required?: boolean;
  /** The field takes the focus when its dialog opens. */
  autoFocus?: boolean;
}) => {
  const { t } = useTranslation();
  // The list closes after each pick, so it never lies over the dialog's buttons (a click meant for
  // Check would pick another campaign); it opens again on a click or a key.
  const [opened, setOpened] = useState(false);
  return noneRunning ? (
    <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      {noneRunningText}
    </Alert>
  ) : (
    <MultiSelect
      label={label}
      description={description}
      placeholder={loading ? t('common.loading') : placeholder}
      data={(campaigns ?? []).map((c) => ({ value: c._id, label: c.title }))}
      value={value}
      onChange={(ids) => {
        onChange(ids);
        setOpened(false);
      }}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      searchable
      clearable
      required={required}
      nothingFoundMessage={nothingFound}
      error={error}
      disabled={loading}
      data-autofocus={autoFocus || undefined}
    />
  );
};
