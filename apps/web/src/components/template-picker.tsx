import {
  Anchor,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  NavLink,
  Popover,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Language, TemplateMessage } from '@parley/contract';
import { IconSearch, IconTemplate } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { languages } from '@/lib/language';
import { useTemplates } from '@/lib/templates';

export type TemplatePickerProps = {
  /** Called with the chosen template's text (placeholders as written); the caller inserts it. */
  onInsert: (text: string) => void;
  /** The language of the text being written: its templates are offered first. */
  language?: Language;
  disabled?: boolean;
};

type LanguageFilter = Language | 'all';

const searchDelayMs = 250;

/** A template's text on one or two lines, for the list. */
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 140).trimEnd()}…` : text);

const TemplateItem = ({ template, onPick }: { template: TemplateMessage; onPick: () => void }) => {
  const { t } = useTranslation();
  return (
    <li>
      <NavLink
        component="button"
        type="button"
        onClick={onPick}
        aria-label={t('components.templatePicker.insertOne', { title: template.title })}
        label={
          <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {template.title}
          </Text>
        }
        description={
          <Text
            fz="xs"
            c="dimmed"
            lineClamp={2}
            style={{ overflowWrap: 'anywhere' }}
            lang={template.language}
          >
            {excerpt(template.text)}
          </Text>
        }
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      />
    </li>
  );
};

/** The popover's content, mounted only while it is open, so templates are asked for only then. */
const TemplateList = ({
  language,
  onPick,
}: {
  language: Language | undefined;
  onPick: (template: TemplateMessage) => void;
}) => {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), searchDelayMs);
  const [filter, setFilter] = useState<LanguageFilter>(language ?? 'all');
  const { data, isPending, isError, isFetching, refetch } = useTemplates(search);
  const all = data?.documents ?? [];
  const shown = filter === 'all' ? all : all.filter((x) => x.language === filter);
  // Grouped by language, the text's own language first.
  const order: Language[] = language
    ? [language, ...languages.filter((l) => l !== language)]
    : [...languages];
  const groups = order
    .map((l) => ({ language: l, templates: shown.filter((x) => x.language === l) }))
    .filter((g) => g.templates.length > 0);
  const languageName = (l: Language) => t(`components.templatePicker.languages.${l}`);
  const idPrefix = useId();

  let body: ReactNode;
  if (isPending) {
    body = (
      <Center p="md">
        {/* Named as the image it is: a label on a role-less element is not read (axe: aria-prohibited-attr). */}
        <Loader size="sm" role="img" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (isError) {
    body = (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text fz="sm">{t('components.templatePicker.loadFailed')}</Text>
        <Button size="xs" variant="default" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (all.length === 0 && search === '') {
    body = (
      <EmptyState
        size="sm"
        icon={<IconTemplate size={24} aria-hidden />}
        title={t('components.templatePicker.emptyTitle')}
        description={
          <Anchor component={Link} to={paths.templates} fz="sm">
            {t('components.templatePicker.emptyLink')}
          </Anchor>
        }
      />
    );
  } else if (shown.length === 0 && filter !== 'all' && all.length > 0) {
    body = (
      <Stack gap={4} align="flex-start" py="xs">
        <Text fz="sm" c="dimmed">
          {t('components.templatePicker.noneInLanguage', { language: languageName(filter) })}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setFilter('all')}>
          {t('components.templatePicker.showAll')}
        </Button>
      </Stack>
    );
  } else if (shown.length === 0) {
    body = (
      <Text fz="sm" c="dimmed" py="sm">
        {t('components.templatePicker.noMatch')}
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Stack gap="xs">
          {groups.map((group) => {
            const headingId = `${idPrefix}-${group.language}`;
            return (
              <section key={group.language} aria-labelledby={headingId}>
                {filter === 'all' ? (
                  <Title order={3} fz="xs" c="dimmed" tt="uppercase" id={headingId} mb={2}>
                    {languageName(group.language)}
                  </Title>
                ) : (
                  <VisuallyHidden component="h3" id={headingId}>
                    {languageName(group.language)}
                  </VisuallyHidden>
                )}
                <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
                  {group.templates.map((template) => (
                    <TemplateItem key={template._id} template={template} onPick={() => onPick(template)} />
                  ))}
                </Stack>
              </section>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={t('components.templatePicker.search')}
        placeholder={t('components.templatePicker.searchPlaceholder')}
        leftSection={<IconSearch size={14} aria-hidden />}
        rightSection={isFetching && !isPending ? <Loader size={14} aria-hidden /> : null}
        value={searchInput}
        onChange={(e) => setSearchInput(e.currentTarget.value)}
        size="xs"
        data-autofocus
      />
      <SegmentedControl
        size="xs"
        fullWidth
        value={filter}
        onChange={(v) => setFilter(v as LanguageFilter)}
        aria-label={t('components.templatePicker.languageFilter')}
        data={[
          ...order.map((l) => ({ value: l, label: languageName(l) })),
          { value: 'all', label: t('components.templatePicker.allLanguages') },
        ]}
      />
      {body}
      <Group justify="flex-end">
        <Anchor component={Link} to={paths.templates} fz="xs">
          {t('components.templatePicker.manage')}
        </Anchor>
      </Group>
    </Stack>
  );
};

/**
 * "Insert template" (D21): a searchable list of the manufacturer's response templates, those of
 * `language` first (a switch shows the others), each inserted with its placeholders as written:
 * the server fills them for each recipient. Without templates it links to the templates page.
 */
export const TemplatePicker = ({ onInsert, language, disabled = false }: TemplatePickerProps) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      withArrow
      width={360}
      position="bottom-start"
      shadow="md"
    >
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconTemplate size={14} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          disabled={disabled}
        >
          {t('components.templatePicker.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <TemplateList
          language={language}
          onPick={(template) => {
            setOpened(false);
            onInsert(template.text);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
};
