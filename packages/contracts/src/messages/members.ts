import type { Catalog } from './types.ts';

/** Members (anggota): record, lifecycle, photos, upload, dashboard widgets. */
export const memberMessages = {
  // ------------------------------------------------------------ field labels ("{field} wajib diisi")
  'field.fullName': { id: 'Nama lengkap', en: 'Full name' },
  'field.gender': { id: 'Jenis kelamin', en: 'Gender' },
  'field.birthPlace': { id: 'Tempat lahir', en: 'Place of birth' },
  'field.birthDate': { id: 'Tanggal lahir', en: 'Date of birth' },
  'field.identityType': { id: 'Jenis identitas', en: 'Identity type' },
  'field.identityNumber': { id: 'Nomor identitas', en: 'Identity number' },
  'field.familyCardNumber': { id: 'Nomor Kartu Keluarga', en: 'Family card number' },
  'field.address': { id: 'Alamat', en: 'Address' },
  'field.occupation': { id: 'Pekerjaan/usaha', en: 'Work/business' },
  'field.memberType': { id: 'Jenis anggota', en: 'Member type' },
  'field.cifNumber': { id: 'ID Anggota', en: 'Member ID' },
  'field.joinDate': { id: 'Tanggal bergabung', en: 'Join date' },
  'field.exitDate': { id: 'Tanggal keluar', en: 'Exit date' },
  'field.loanLimit': { id: 'Limit pinjaman', en: 'Loan limit' },
  'field.groupName': { id: 'Kelompok', en: 'Group' },
  'field.closestFamilyName': { id: 'Nama keluarga terdekat', en: 'Closest family member' },
  'field.closestFamilyRelationship': { id: 'Hubungan keluarga', en: 'Relationship' },
  'field.closestFamilyPhone': { id: 'Nomor ponsel keluarga terdekat', en: 'Closest family phone' },
  'field.memberId': { id: 'Anggota', en: 'Member' },
  'field.interviewDate': { id: 'Tanggal wawancara', en: 'Interview date' },
  'field.interviewerId': { id: 'Pewawancara', en: 'Interviewer' },
  'field.notes': { id: 'Catatan', en: 'Notes' },
  'field.result': { id: 'Hasil wawancara', en: 'Interview result' },
  'field.reason': { id: 'Alasan', en: 'Reason' },
  'field.isNeedApproval': { id: 'Perlu persetujuan', en: 'Needs approval' },
  'field.isSendNotification': { id: 'Status notifikasi', en: 'Notification status' },
  'field.agentId': { id: 'Agen', en: 'Agent' },
  'field.pin': { id: 'PIN', en: 'PIN' },

  // ------------------------------------------------------------ validation
  'member.identity_required': { id: 'Nomor identitas wajib diisi', en: 'Identity number is required' },
  'member.nik_16_digits': { id: 'NIK (nomor KTP) harus 16 digit angka', en: 'The NIK (KTP number) must be 16 digits' },
  'member.sim_invalid': { id: 'Nomor SIM harus 12 sampai 14 digit angka', en: 'The driving licence (SIM) number must be 12 to 14 digits' },
  'member.passport_invalid': {
    id: 'Nomor paspor harus 6 sampai 12 huruf atau angka',
    en: 'The passport number must be 6 to 12 letters or digits',
  },
  'member.kk_16_digits': { id: 'Nomor Kartu Keluarga harus 16 digit angka', en: 'The family card number must be 16 digits' },
  'member.phone_invalid': {
    id: 'Nomor ponsel tidak valid, gunakan format Indonesia seperti 081234567890 atau +6281234567890',
    en: 'The phone number is not valid; use an Indonesian number such as 081234567890 or +6281234567890',
  },
  'member.gender_invalid': { id: 'Jenis kelamin harus L atau P', en: 'Gender must be L or P' },
  'member.identity_type_invalid': { id: 'Jenis identitas harus KTP, SIM atau PASSPORT', en: 'Identity type must be KTP, SIM or PASSPORT' },
  'member.type_invalid': {
    id: 'Jenis anggota harus ANGGOTA, NON ANGGOTA atau CALON',
    en: 'Member type must be MEMBER, NON_MEMBER or PROSPECTIVE',
  },
  'member.birth_date_invalid': {
    id: 'Tanggal lahir tidak valid (YYYY-MM-DD, tidak di masa depan)',
    en: 'The date of birth is not valid (YYYY-MM-DD, not in the future)',
  },
  'member.date_not_future': { id: 'Tanggal tidak boleh di masa depan', en: 'The date cannot be in the future' },
  'member.cif_invalid': {
    id: 'ID Anggota hanya boleh berisi huruf, angka, titik, garis miring atau tanda hubung (maksimal 40)',
    en: 'The member ID may contain only letters, digits, dots, slashes or dashes (at most 40)',
  },
  'member.interview_result_invalid': {
    id: 'Hasil wawancara harus RECOMMENDED atau NOT_RECOMMENDED',
    en: 'The interview result must be RECOMMENDED or NOT_RECOMMENDED',
  },
  'member.approval_status_invalid': {
    id: 'Status persetujuan harus APPROVED atau REJECTED',
    en: 'The decision must be APPROVED or REJECTED',
  },
  'member.reject_reason_required': { id: 'Alasan penolakan wajib diisi', en: 'A reason is required to reject' },
  'member.photo_kind_invalid': {
    id: 'Jenis foto harus self, identity-card atau family-card',
    en: 'The photo kind must be self, identity-card or family-card',
  },

  // ------------------------------------------------------------ rules
  'member.not_found': { id: 'Data anggota tidak ditemukan', en: 'Member not found' },
  'member.identity_taken': {
    id: 'Nomor identitas {identityNumber} sudah terdaftar atas nama {name} ({cif})',
    en: 'Identity number {identityNumber} is already registered to {name} ({cif})',
  },
  'member.phone_taken': {
    id: 'Nomor ponsel {phone} sudah terdaftar atas nama {name} ({cif})',
    en: 'Phone number {phone} is already registered to {name} ({cif})',
  },
  'member.cif_taken': { id: 'ID Anggota {cif} sudah digunakan', en: 'Member ID {cif} is already in use' },
  'member.identity_taken_race': {
    id: 'Nomor identitas ini baru saja didaftarkan oleh pengguna lain',
    en: 'This identity number was just registered by another user',
  },
  'member.phone_taken_race': {
    id: 'Nomor ponsel ini baru saja didaftarkan oleh pengguna lain',
    en: 'This phone number was just registered by another user',
  },
  'member.cif_taken_race': {
    id: 'ID Anggota ini baru saja digunakan, silakan coba lagi',
    en: 'This member ID was just taken, please try again',
  },
  'member.already_registered_public': {
    id: 'Nomor identitas atau nomor ponsel sudah terdaftar di koperasi. Silakan hubungi petugas koperasi.',
    en: 'The identity number or phone number is already registered with the cooperative. Please contact the cooperative staff.',
  },
  'member.branch_not_found': { id: 'Cabang tidak ditemukan', en: 'Branch not found' },
  'member.area_not_found': { id: 'Area tidak ditemukan', en: 'Area not found' },
  'member.agent_not_found': { id: 'Agen tidak ditemukan atau tidak aktif', en: 'Agent not found or inactive' },
  'member.too_young': {
    id: 'Usia anggota minimal {age} tahun menurut peraturan koperasi',
    en: 'Members must be at least {age} years old under the cooperative regulation',
  },
  'member.join_before_birth': {
    id: 'Tanggal bergabung tidak boleh sebelum tanggal lahir',
    en: 'The join date cannot be before the date of birth',
  },
  'member.closed': {
    id: 'Data anggota yang sudah keluar atau ditolak tidak dapat diubah',
    en: 'An exited or rejected member record cannot be changed',
  },
  'member.join_date_member_only': {
    id: 'Tanggal bergabung hanya untuk anggota; calon anggota mendapat tanggal bergabung saat disetujui',
    en: 'Only members have a join date; a prospective member gets one on approval',
  },
  'member.invalid_state': {
    id: 'Tindakan ini tidak dapat dilakukan untuk anggota dengan status {status}',
    en: 'This action is not possible for a member in status {status}',
  },
  'member.interview_required': {
    id: 'Calon anggota harus diwawancarai sebelum disetujui',
    en: 'A prospective member must be interviewed before approval',
  },
  'member.no_request': {
    id: 'Tidak ada pengajuan calon anggota atau permohonan menjadi anggota yang menunggu persetujuan',
    en: 'There is no prospective member or become-member request waiting for approval',
  },
  'member.upgrade_only_non_member': {
    id: 'Permohonan menjadi anggota hanya untuk non-anggota yang aktif',
    en: 'Only an active non-member can ask to become a member',
  },
  'member.upgrade_pending': {
    id: 'Permohonan menjadi anggota sudah menunggu persetujuan',
    en: 'A become-member request is already waiting for approval',
  },
  'member.inactive': {
    id: 'Anggota {name} ({cif}) tidak aktif dan tidak dapat bertransaksi',
    en: 'Member {name} ({cif}) is inactive and cannot transact',
  },
  'member.not_yet_member': {
    id: 'Calon anggota {name} belum disetujui dan belum dapat bertransaksi',
    en: 'Prospective member {name} is not approved yet and cannot transact',
  },
  'member.exit_blocked': {
    id: 'Anggota belum dapat keluar: {items}',
    en: 'The member cannot exit yet: {items}',
  },
  'member.exit_only_active': {
    id: 'Hanya anggota atau non-anggota yang aktif yang dapat keluar',
    en: 'Only an active member or non-member can exit',
  },
  'member.exit_before_join': {
    id: 'Tanggal keluar tidak boleh sebelum tanggal bergabung',
    en: 'The exit date cannot be before the join date',
  },
  'member.no_phone': {
    id: 'Anggota belum memiliki nomor ponsel untuk menerima PIN',
    en: 'The member has no phone number to receive the PIN',
  },
  'member.photo_type': {
    id: 'Foto harus berformat JPEG, PNG atau WebP',
    en: 'The photo must be a JPEG, PNG or WebP image',
  },
  'member.photo_too_large': { id: 'Ukuran foto maksimal {mb} MB', en: 'The photo may be at most {mb} MB' },
  'member.photo_missing': { id: 'Pilih file foto untuk diunggah', en: 'Choose a photo file to upload' },
  'member.photo_unreadable': { id: 'File foto rusak atau tidak dapat dibaca', en: 'The photo file is damaged or unreadable' },
  'member.photo_not_found': { id: 'Foto belum diunggah', en: 'No photo uploaded yet' },
  'member.photo_forbidden': {
    id: 'Anda hanya dapat mengunggah foto calon anggota yang Anda daftarkan dan belum diwawancarai',
    en: 'You may only upload photos of prospective members you registered that are not interviewed yet',
  },
  'member.tenant_unknown': { id: 'Koperasi tidak ditemukan atau belum aktif', en: 'Cooperative not found or not active' },

  // ------------------------------------------------------------ success messages
  'member.created': { id: 'Data anggota berhasil disimpan', en: 'Member saved' },
  'member.updated': { id: 'Data anggota berhasil diubah', en: 'Member updated' },
  'member.registered_online': {
    id: 'Pendaftaran calon anggota berhasil dikirim dan menunggu wawancara',
    en: 'Your membership application was sent and is waiting for an interview',
  },
  'member.notification_updated': { id: 'Status notifikasi anggota berhasil diubah', en: 'Member notification setting updated' },
  'member.pin_reset': { id: 'PIN baru telah dikirim ke nomor ponsel anggota', en: 'A new PIN was sent to the member phone' },
  'member.interviewed': { id: 'Hasil wawancara berhasil disimpan', en: 'Interview recorded' },
  'member.approved': { id: 'Anggota berhasil disetujui', en: 'Member approved' },
  'member.rejected': { id: 'Pengajuan anggota ditolak', en: 'Application rejected' },
  'member.upgrade_requested': {
    id: 'Permohonan menjadi anggota berhasil diajukan dan menunggu persetujuan',
    en: 'Become-member request submitted and waiting for approval',
  },
  'member.upgraded': { id: 'Non-anggota berhasil menjadi anggota', en: 'The non-member is now a member' },
  'member.exited': { id: 'Keanggotaan berhasil ditutup', en: 'Membership closed' },
  'member.photo_saved': { id: 'Foto berhasil diunggah', en: 'Photo uploaded' },
  'member.principal_owed': {
    id: 'Simpanan pokok belum dibayar dan dicatat sebagai kewajiban anggota',
    en: 'The principal saving is not paid yet and is recorded as owed',
  },

  // ------------------------------------------------------------ notifications
  'member.pin_sms': {
    id: 'PIN baru aplikasi anggota {cooperative}: {pin}. Jangan berikan PIN ini kepada siapa pun.',
    en: 'Your new {cooperative} member app PIN: {pin}. Do not share this PIN.',
  },

  // ------------------------------------------------------------ upload (spec section 8 batch prefix)
  'member.upload_row_failed': { id: 'Data ke {n} gagal terupload, {reason}', en: 'Row {n} failed to upload, {reason}' },
  'member.upload_row_skipped': {
    id: 'Data ke {n} sudah terdaftar sebagai {cif}, dilewati',
    en: 'Row {n} is already registered as {cif}, skipped',
  },
  'member.upload_duplicate_in_file': {
    id: '{field} {value} sama dengan data ke {other}',
    en: '{field} {value} repeats row {other}',
  },
  'member.upload_identity_other_name': {
    id: 'nomor identitas {identityNumber} sudah terdaftar atas nama {name} ({cif})',
    en: 'identity number {identityNumber} is already registered to {name} ({cif})',
  },
  'member.upload_phone_taken': {
    id: 'nomor ponsel {phone} sudah terdaftar atas nama {name} ({cif})',
    en: 'phone number {phone} is already registered to {name} ({cif})',
  },
  'member.upload_number_as_text': {
    id: '{field} harus diisi sebagai teks (format sel Text) agar digit tidak hilang',
    en: '{field} must be entered as text (Text cell format) so no digits are lost',
  },
  'member.upload_branch_unknown': { id: 'cabang {value} tidak ditemukan', en: 'branch {value} not found' },
  'member.upload_area_unknown': { id: 'area {value} tidak ditemukan', en: 'area {value} not found' },
  'member.upload_started': { id: 'File diterima dan sedang diproses', en: 'File received and being processed' },
  'member.upload_same_file': {
    id: 'File yang sama sudah pernah diunggah; hasil unggahan sebelumnya ditampilkan',
    en: 'This file was already uploaded; the earlier result is shown',
  },
  'member.upload_file_missing': { id: 'Pilih file Excel (.xlsx) untuk diunggah', en: 'Choose an Excel (.xlsx) file to upload' },
  'member.upload_not_xlsx': { id: 'File harus berformat Excel (.xlsx)', en: 'The file must be an Excel workbook (.xlsx)' },
  'member.upload_too_many_rows': {
    id: 'File berisi {rows} baris data; maksimal {max} baris per unggahan',
    en: 'The file has {rows} data rows; at most {max} rows per upload',
  },
  'member.upload_cell_too_long': {
    id: 'File memuat sel yang lebih panjang dari {max} karakter',
    en: 'The file holds a cell longer than {max} characters',
  },
  'member.upload_expands_too_far': {
    id: 'Isi file terlalu besar setelah dibuka (lebih dari {mb} MB); pecah menjadi beberapa file',
    en: 'The file is too large once unpacked (over {mb} MB); split it into several files',
  },
  'member.upload_empty': { id: 'File tidak berisi data anggota', en: 'The file holds no member rows' },
  'member.upload_bad_header': {
    id: 'Kolom wajib tidak ditemukan: {columns}. Gunakan template unggah anggota.',
    en: 'Required columns are missing: {columns}. Use the member upload template.',
  },
  'member.upload_excel_error': {
    id: 'Data Excel tidak dapat dibaca: {reason}',
    en: 'The Excel data could not be read: {reason}',
  },
  'member.upload_interrupted': {
    id: 'Proses unggah terhenti sebelum selesai; unggah ulang file yang sama untuk melanjutkan',
    en: 'The upload stopped before finishing; upload the same file again to continue',
  },
  'member.upload_done': {
    id: '{success} data berhasil, {skipped} dilewati, {failed} gagal',
    en: '{success} rows saved, {skipped} skipped, {failed} failed',
  },
  'member.upload_job_not_found': { id: 'Proses unggah tidak ditemukan', en: 'Upload not found' },

  // ------------------------------------------------------------ timeline
  'timeline.member.create': { id: 'Data anggota didaftarkan', en: 'Member registered' },
  'timeline.member.register_online': { id: 'Mendaftar melalui aplikasi anggota', en: 'Registered through the member app' },
  'timeline.member.upload': { id: 'Didaftarkan melalui unggah Excel', en: 'Registered by Excel upload' },
  'timeline.member.update': { id: 'Data anggota diubah', en: 'Member data changed' },
  'timeline.member.notification': { id: 'Status notifikasi diubah', en: 'Notification setting changed' },
  'timeline.member.reset_pin': { id: 'PIN aplikasi direset dan dikirim', en: 'App PIN reset and sent' },
  'timeline.member.photo': { id: 'Foto diunggah', en: 'Photo uploaded' },
  'timeline.member.interview': { id: 'Wawancara dicatat', en: 'Interview recorded' },
  'timeline.member.approve': { id: 'Disetujui menjadi anggota', en: 'Approved as member' },
  'timeline.member.reject': { id: 'Pengajuan ditolak', en: 'Application rejected' },
  'timeline.member.upgrade_request': { id: 'Mengajukan permohonan menjadi anggota', en: 'Asked to become a member' },
  'timeline.member.upgrade': { id: 'Menjadi anggota', en: 'Became a member' },
  'timeline.member.upgrade_reject': { id: 'Permohonan menjadi anggota ditolak', en: 'Become-member request rejected' },
  'timeline.member.principal_paid': { id: 'Simpanan pokok lunas', en: 'Principal saving paid' },
  'timeline.member.exit': { id: 'Keluar dari keanggotaan', en: 'Left the cooperative' },
  'timeline.area.remove_member': { id: 'Dikeluarkan dari area', en: 'Removed from the area' },

  // ------------------------------------------------------------ dashboard
  'home.position_group.PENGURUS': { id: 'Pengurus', en: 'Board' },
  'home.position_group.PENGAWAS': { id: 'Pengawas', en: 'Supervisors' },
  'home.position_group.KARYAWAN': { id: 'Karyawan', en: 'Employees' },
} satisfies Catalog;
