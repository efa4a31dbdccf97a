// The profile form fields shared by the welcome setup dialog and Profile Settings.
import { AIRCRAFT_TYPES, AIRLINES, POSITIONS } from '#protocol/enums.ts';
import { PROFILE_DEFAULTS, type ProfileBody } from '#protocol/schemas/profile.ts';
import type { CurrentUser } from '#protocol/shapes.ts';
import { POSITION_LABELS } from '../lib/format.ts';
import type { FieldErrors } from '../lib/forms.ts';
import { SelectField, TextField } from './Field.tsx';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  airline: string;
  position: string;
  employeeNumber: string;
  base: string;
  aircraftType: string;
}

/** The user's saved values, with the spec's defaults where nothing is saved yet. */
export function profileValuesOf(user: CurrentUser): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    airline: user.airline ?? PROFILE_DEFAULTS.airline,
    position: user.position ?? PROFILE_DEFAULTS.position,
    employeeNumber: user.employeeNumber ?? '',
    base: user.base ?? '',
    aircraftType: user.aircraftType ?? PROFILE_DEFAULTS.aircraftType,
  };
}

/** The seven fields this form edits, out of its checked values: what both profile forms save. */
export function profileFieldsOf({ firstName, lastName, airline, position, employeeNumber, base, aircraftType }: ProfileBody) {
  return { firstName, lastName, airline, position, employeeNumber, base, aircraftType };
}

interface ProfileFieldsProps {
  values: ProfileValues;
  errors: FieldErrors;
  onChange: (values: ProfileValues) => void;
  disabled?: boolean;
}

export function ProfileFields({ values, errors, onChange, disabled }: ProfileFieldsProps) {
  const set = (name: keyof ProfileValues) => (e: { target: { value: string } }) => onChange({ ...values, [name]: e.target.value });
  return (
    <div className="form-grid-2">
      <TextField
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        value={values.firstName}
        onChange={set('firstName')}
        error={errors.firstName}
        disabled={disabled}
      />
      <TextField
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        value={values.lastName}
        onChange={set('lastName')}
        error={errors.lastName}
        disabled={disabled}
      />
      <SelectField
        label="Airline"
        name="airline"
        value={values.airline}
        onChange={set('airline')}
        error={errors.airline}
        disabled={disabled}
      >
        {AIRLINES.map((airline) => (
          <option key={airline} value={airline}>
            {airline}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Position"
        name="position"
        value={values.position}
        onChange={set('position')}
        error={errors.position}
        disabled={disabled}
      >
        {POSITIONS.map((position) => (
          <option key={position} value={position}>
            {POSITION_LABELS[position]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Employee Number"
        name="employeeNumber"
        value={values.employeeNumber}
        onChange={set('employeeNumber')}
        error={errors.employeeNumber}
        disabled={disabled}
      />
      <TextField
        label="Base"
        name="base"
        placeholder="e.g. ATL"
        autoCapitalize="characters"
        value={values.base}
        onChange={set('base')}
        error={errors.base}
        disabled={disabled}
      />
      <SelectField
        label="Aircraft Type"
        name="aircraftType"
        value={values.aircraftType}
        onChange={set('aircraftType')}
        error={errors.aircraftType}
        disabled={disabled}
        fieldClassName="span-2"
      >
        {AIRCRAFT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
