import { Button, Group, Kbd, Popover, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Keyboard shortcuts": what the ticket page's keys do (use-ticket-shortcuts.ts). */
export const ShortcutsHelp = () => {
  const { t } = useTranslation();
  const label = t('tickets.shortcuts.title');
  const rows: { keys: string[][]; action: string }[] = [
    { keys: [['j'], ['Alt', '→']], action: t('tickets.shortcuts.next') },
    { keys: [['k'], ['Alt', '←']], action: t('tickets.shortcuts.previous') },
    { keys: [['e']], action: t('tickets.shortcuts.archive') },
    { keys: [['r']], action: t('tickets.shortcuts.answer') },
    { keys: [['c']], action: t('tickets.shortcuts.comment') },
  ];
  return (
    <Popover withArrow position="bottom-end" width={320} shadow="md">
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" leftSection={<IconKeyboard size={16} aria-hidden />}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} fz="sm" mb="xs">
          {label}
        </Text>
        <Table fz="sm" verticalSpacing={4} aria-label={label}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.action}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {row.keys.map((combo, i) => (
                      <Group gap={2} wrap="nowrap" key={combo.join('+')}>
                        {i > 0 ? (
                          <Text fz="xs" c="dimmed" mr={2}>
                            {t('tickets.shortcuts.or')}
                          </Text>
                        ) : null}
                        {combo.map((key, k) => (
                          <Group gap={2} wrap="nowrap" key={key}>
                            {k > 0 ? <Text fz="xs">+</Text> : null}
                            <Kbd>{key}</Kbd>
                          </Group>
                        ))}
                      </Group>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{row.action}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fz="xs" c="dimmed" mt="xs">
          {t('tickets.shortcuts.note')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
};
