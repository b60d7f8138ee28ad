import { TemplatesPage } from '@/features/templates/components/templates-page';

/** /templates — the manufacturer's response templates (D21): list, search, create, edit, delete. */
export const TemplatesRoute = () => <TemplatesPage />;
