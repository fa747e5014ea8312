import type { ReactNode } from 'react';
import type { FieldAttributes, FieldWidth } from '../../components/Field';
import type { SettingsForm, TextPath } from './settings-form';

/** What each part of the settings form needs to show and edit its fields. */
export interface SettingsBinding {
  form: SettingsForm;
  update: (change: Partial<SettingsForm>) => void;
  readOnly: boolean;
  /** A field under its API path: its label, the API's error next to it, its help. */
  field: (campo: string, label: string, control: (attributes: FieldAttributes) => ReactNode, extra?: { help?: ReactNode; width?: FieldWidth }) => ReactNode;
  /** Value and change handler of a text field kept in `form.texts`. */
  text: (campo: TextPath) => { value: string; onChange: (event: { target: { value: string } }) => void };
  errorFor: (campo: string) => string | null;
}
