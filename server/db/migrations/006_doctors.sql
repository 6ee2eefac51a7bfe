-- Doctors as research §2.5 describes them: identity document, licence check date, secondary
-- specialties, clinic contact, the reason and date of a suspension, and agreements with insurers.
-- The licence number stays unique per jurisdiction (002).

ALTER TABLE doctors
  ADD COLUMN document_type text CHECK (document_type IN ('DNI', 'NIE', 'PASSPORT', 'RUT', 'CURP', 'CC', 'OTHER')),
  ADD COLUMN document_number text,
  ADD COLUMN license_verified_on date,
  ADD COLUMN other_specialties text[] NOT NULL DEFAULT '{}',
  ADD COLUMN clinic_name text,
  ADD COLUMN clinic_address text,
  ADD COLUMN clinic_city text,
  ADD COLUMN clinic_phone text,
  ADD COLUMN clinic_email text,
  ADD COLUMN suspension_reason text,
  ADD COLUMN suspended_on date,
  ADD CONSTRAINT doctors_specialty_check CHECK (
    specialty IN ('GENERAL', 'ORTHODONTICS', 'ENDODONTICS', 'PERIODONTICS', 'PEDIATRIC', 'PROSTHODONTICS', 'MAXILLOFACIAL_SURGERY', 'IMPLANTOLOGY', 'RADIOLOGY', 'OTHER')
  ),
  ADD CONSTRAINT doctors_other_specialties_check CHECK (
    other_specialties <@ ARRAY['GENERAL', 'ORTHODONTICS', 'ENDODONTICS', 'PERIODONTICS', 'PEDIATRIC', 'PROSTHODONTICS', 'MAXILLOFACIAL_SURGERY', 'IMPLANTOLOGY', 'RADIOLOGY', 'OTHER']::text[]
  ),
  -- A suspended doctor always says why and since when; nobody else carries a suspension.
  ADD CONSTRAINT doctors_suspension_check CHECK ((state = 'SUSPENDED') = (suspension_reason IS NOT NULL AND suspended_on IS NOT NULL));

-- Search by document and fiscal id, and the specialty filter (main or secondary).
CREATE INDEX doctors_document_number_idx ON doctors (document_number);
CREATE INDEX doctors_tax_id_idx ON doctors (tax_id);
CREATE INDEX doctors_name_idx ON doctors (lower(last_names), lower(first_names), id);
CREATE INDEX doctors_other_specialties_idx ON doctors USING gin (other_specialties);

-- Convenio: the doctor works under an agreement with the insurer from one date, until another or open-ended.
CREATE TABLE doctor_agreements (
  id serial PRIMARY KEY,
  doctor_id integer NOT NULL REFERENCES doctors(id) ON DELETE CASCADE,
  insurer_id integer NOT NULL REFERENCES insurers(id) ON DELETE RESTRICT,
  valid_from date NOT NULL,
  valid_to date,
  CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
CREATE INDEX doctor_agreements_doctor_idx ON doctor_agreements (doctor_id, valid_from);
CREATE INDEX doctor_agreements_insurer_idx ON doctor_agreements (insurer_id, doctor_id);
