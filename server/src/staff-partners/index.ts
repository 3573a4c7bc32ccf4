/** The staff console's chat partners: the partner editor, the operators' inbox, reply times. */
export { StaffPartnersModule, StaffPartnersStepsModule } from './staff-partners.module';
