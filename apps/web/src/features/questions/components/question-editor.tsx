import { Alert, Button, EmptyState, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type Campaign, type PlacedPathRule, pathRulesBrokenByOrder, type Question } from '@parley/contract';
import { IconLock, IconPlus, IconQuestionMark } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { useDeleteQuestion } from '../api/delete-question';
import { useQuestions } from '../api/get-questions';
import { useReorderQuestions } from '../api/reorder-questions';
import { describeBrokenRules, moveItem, questionsLock } from '../lib/question-rules';
import { QuestionCard } from './question-card';
import { QuestionFormModal } from './question-form-modal';
import { ReorderableList } from './reorderable-list';
import type { QuestionFormMode } from './use-question-form';

/** The path rules a reorder would turn backward, one line each. */
const BrokenRules = ({ rules }: { rules: ReturnType<typeof describeBrokenRules> }) => {
  const { t } = useTranslation();
  return (
    <List size="sm">
      {rules.map((r) => (
        <List.Item key={r.key}>{t('questions.reorder.dropRule', r)}</List.Item>
      ))}
    </List>
  );
};

type QuestionEditorProps = {
  campaign: Campaign;
  /**
   * Every question change moves the campaign's updatedAt (and its question count): the page
   * refetches the campaign so its next save is not refused as stale.
   */
  onChanged: () => void;
};

/** The questions tab: the campaign's questions in order, with add, edit, replace, delete and reorder. */
export const QuestionEditor = ({ campaign, onChanged }: QuestionEditorProps) => {
  const { t } = useTranslation();
  const { data, isPending } = useQuestions(campaign._id);
  const [mode, setMode] = useState<QuestionFormMode | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const remove = useDeleteQuestion();
  const reorder = useReorderQuestions();

  const questions = data?.documents ?? [];
  const lock = questionsLock(campaign);
  const failed = (error: unknown) =>
    notifyError({ title: t('questions.failedTitle'), message: apiErrorMessage(error) });

  // A reorder the owner must confirm first: it would drop the path rules it turns backward.
  const [dropping, setDropping] = useState<{ ordered: Question[]; broken: PlacedPathRule[] } | null>(null);

  const send = (ordered: Question[]) =>
    reorder.mutate({ campaignId: campaign._id, ordered }, { onSuccess: onChanged, onError: failed });

  /**
   * The same check as the server's (D13, docs/product-decisions.md): rules that still jump
   * forward stay; one the new order would turn backward is dropped in a draft only after the
   * owner confirms, and outside a draft the order is refused, since the rule could never be set
   * again. Answers false when the list did not move now.
   */
  const move = (from: number, to: number) => {
    const ordered = moveItem(questions, from, to);
    const broken = pathRulesBrokenByOrder(ordered);
    if (broken.length === 0) {
      send(ordered);
      return true;
    }
    if (campaign.state === 'draft') {
      setDropping({ ordered, broken });
    } else {
      notifyError({
        id: 'questions-order-refused',
        title: t('questions.reorder.refusedTitle'),
        message: (
          <Stack gap={4}>
            <Text size="sm">{t('questions.reorder.refusedText', { count: broken.length })}</Text>
            <BrokenRules rules={describeBrokenRules(broken, questions)} />
          </Stack>
        ),
      });
    }
    return false;
  };

  const confirmDrop = () => {
    if (dropping) send(dropping.ordered);
    setDropping(null);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { campaignId: campaign._id, questionId: deleting._id },
      {
        onSuccess: () => {
          setDeleting(null);
          onChanged();
          notifySuccess({ title: t('questions.deletedTitle'), message: t('questions.deletedText') });
        },
        onError: (error) => {
          setDeleting(null);
          failed(error);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('questions.title')}
        </Title>
        {lock ? null : (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setMode({ kind: 'create' })}
          >
            {t('questions.add')}
          </Button>
        )}
      </Group>
      {lock ? (
        <Alert role="note" color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          {t(`questions.locks.${lock}`)}
        </Alert>
      ) : campaign.hasStarted ? (
        <Alert role="note" color="blue" variant="light" icon={<IconLock size={18} aria-hidden />}>
          {t('questions.locks.started')}
        </Alert>
      ) : null}

      {isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      ) : questions.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <EmptyState
            icon={<IconQuestionMark size={28} aria-hidden />}
            title={t('questions.emptyTitle')}
            description={t('questions.emptyText')}
          />
        </Paper>
      ) : (
        <ReorderableList
          items={questions}
          getKey={(q) => q._id}
          getLabel={(q) => q.text}
          onMove={move}
          disabled={lock !== null || reorder.isPending}
          label={t('questions.reorder.questionsLabel')}
          renderItem={(q, index) => (
            <QuestionCard
              question={q}
              number={index + 1}
              all={questions}
              locked={lock !== null}
              canReplace={campaign.state === 'draft'}
              answerCount={campaign.ticketCount}
              onEdit={() => setMode({ kind: 'edit', question: q })}
              onReplace={() => setMode({ kind: 'replace', question: q })}
              onDelete={() => setDeleting(q)}
              onTagsSaved={onChanged}
            />
          )}
        />
      )}

      {mode ? (
        <QuestionFormModal
          campaign={campaign}
          questions={questions}
          mode={mode}
          onClose={() => setMode(null)}
          onSaved={() => {
            setMode(null);
            onChanged();
          }}
        />
      ) : null}

      <ConfirmDialog
        opened={dropping !== null}
        onClose={() => setDropping(null)}
        title={t('questions.reorder.dropTitle')}
        confirmLabel={t('questions.reorder.dropConfirm')}
        color="red"
        // Cancel first and focused: keeping the order (and the rules) is the safe choice.
        focus="cancel"
        onConfirm={confirmDrop}
      >
        <Text>{t('questions.reorder.dropText', { count: dropping?.broken.length ?? 0 })}</Text>
        <BrokenRules rules={describeBrokenRules(dropping?.broken ?? [], questions)} />
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('questions.delete.title')}
        confirmLabel={t('questions.delete.confirm')}
        color="red"
        focus="cancel"
        loading={remove.isPending}
        onConfirm={confirmDelete}
      >
        <Text>{t('questions.delete.text', { text: deleting?.text ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
};
