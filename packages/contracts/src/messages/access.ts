import type { Catalog } from './types.ts';

/** Users, roles and limits, branches and areas, cooperative settings (issue 5). */
export const accessMessages = {
  // ------------------------------------------------------------ field names
  'field.firstName': { id: 'Nama depan', en: 'First name' },
  'field.lastName': { id: 'Nama belakang', en: 'Last name' },
  'field.roleId': { id: 'Role', en: 'Role' },
  'field.userId': { id: 'Pengguna', en: 'User' },
  'field.coaId': { id: 'Akun kas/bank', en: 'Cash/bank account' },
  'field.areaId': { id: 'Area', en: 'Area' },
  'field.branchId': { id: 'Cabang', en: 'Branch' },
  'field.position': { id: 'Jabatan', en: 'Position' },
  'field.name': { id: 'Nama', en: 'Name' },
  'field.email': { id: 'Email', en: 'E-mail' },
  'field.phone': { id: 'Nomor ponsel', en: 'Phone number' },
  'field.permissions': { id: 'Hak akses', en: 'Permissions' },
  'field.savingWithdrawalLimit': { id: 'Batas penarikan simpanan', en: 'Saving withdrawal limit' },
  'field.loanRequestLimit': { id: 'Batas pengajuan pinjaman', en: 'Loan request limit' },
  'field.loanApprovalLimit': { id: 'Batas persetujuan pinjaman', en: 'Loan approval limit' },
  'field.daysLateFrom': { id: 'Hari terlambat dari', en: 'Days late from' },
  'field.daysLateUntil': { id: 'Hari terlambat sampai', en: 'Days late until' },
  'field.calculationType': { id: 'Jenis perhitungan', en: 'Calculation type' },
  'field.grade': { id: 'Kolektibilitas', en: 'Collectability grade' },
  'field.fiscalYearStartMonth': { id: 'Bulan awal tahun buku', en: 'Fiscal year start month' },
  'field.timeZone': { id: 'Zona waktu', en: 'Time zone' },
  'field.title': { id: 'Judul', en: 'Title' },
  'field.action': { id: 'Fitur', en: 'Feature' },
  'field.code': { id: 'Kode', en: 'Code' },
  'field.board': { id: 'Kepengurusan', en: 'Board' },
  'field.pattern': { id: 'Pola nomor CIF', en: 'CIF number pattern' },

  // ------------------------------------------------------------ users
  'access.first_name_required': { id: 'Nama depan wajib diisi', en: 'First name is required' },
  'access.role_required': { id: 'Role wajib dipilih', en: 'Please choose a role' },
  'access.position_invalid': {
    id: 'Jabatan harus salah satu dari KETUA, WAKIL, BENDAHARA, SEKERTARIS, PENGAWAS, PEGAWAI, MANAJER',
    en: 'Position must be one of KETUA, WAKIL, BENDAHARA, SEKERTARIS, PENGAWAS, PEGAWAI, MANAJER',
  },
  'access.user_contact_required': {
    id: 'Email atau nomor ponsel wajib diisi (salah satu dipakai untuk masuk)',
    en: 'E-mail or phone number is required (either one signs in)',
  },
  'access.user_required': { id: 'Pengguna wajib dipilih', en: 'Please choose a user' },
  'access.area_required': { id: 'Area wajib dipilih', en: 'Please choose an area' },
  'access.user_not_found': { id: 'Pengguna tidak ditemukan', en: 'No user found' },
  'access.role_not_found': { id: 'Role tidak ditemukan', en: 'Role not found' },
  'access.branch_not_found': { id: 'Cabang tidak ditemukan', en: 'Branch not found' },
  'access.area_not_found': { id: 'Area tidak ditemukan', en: 'Area not found' },
  'access.coa_not_found': { id: 'Akun COA tidak ditemukan', en: 'COA account not found' },
  'access.email_taken': {
    id: 'Email {email} sudah dipakai oleh pengguna lain',
    en: 'The e-mail {email} is already used by another user',
  },
  'access.phone_taken': {
    id: 'Nomor ponsel {phone} sudah dipakai oleh pengguna lain',
    en: 'The phone number {phone} is already used by another user',
  },
  'access.last_admin': {
    id: 'Admin terakhir tidak dapat dihapus. Koperasi harus memiliki minimal satu SUPER ADMIN yang aktif.',
    en: 'The last admin cannot be removed. A cooperative needs at least one active SUPER ADMIN.',
  },
  'access.self_deactivate': { id: 'Anda tidak dapat menonaktifkan akun Anda sendiri', en: 'You cannot deactivate your own account' },
  'access.self_delete': { id: 'Anda tidak dapat menghapus akun Anda sendiri', en: 'You cannot delete your own account' },
  'access.super_admin_only': {
    id: 'Hanya SUPER ADMIN yang dapat memberikan role SUPER ADMIN atau mengubah pengguna SUPER ADMIN',
    en: 'Only a SUPER ADMIN may grant the SUPER ADMIN role or change a SUPER ADMIN user',
  },
  'access.user_has_history': {
    id: 'Pengguna sudah memiliki riwayat data sehingga tidak dapat dihapus; nonaktifkan pengguna ini',
    en: 'The user already has recorded history and cannot be deleted; deactivate the user instead',
  },
  'access.coa_not_cash_bank': {
    id: 'Akun {code} {name} bukan akun kas atau bank (di bawah akun 101)',
    en: 'Account {code} {name} is not a cash or bank account (under account 101)',
  },
  'access.coa_not_postable': {
    id: 'Akun {code} {name} adalah akun induk; pilih akun rinciannya',
    en: 'Account {code} {name} is a header account; choose one of its detail accounts',
  },
  'access.coa_inactive': { id: 'Akun {code} {name} tidak aktif', en: 'Account {code} {name} is inactive' },
  'access.coa_taken': {
    id: 'Akun {code} {name} sudah dipegang oleh {holder}',
    en: 'Account {code} {name} is already held by {holder}',
  },
  'access.user_has_no_coa': { id: 'Pengguna tidak memegang akun kas/bank', en: 'The user holds no cash/bank account' },
  'access.user_has_no_area': { id: 'Pengguna tidak memiliki area', en: 'The user has no area' },
  'access.area_branch_mismatch': {
    id: 'Area {area} milik cabang {areaBranch}, sedangkan pengguna berada di cabang {userBranch}',
    en: 'Area {area} belongs to branch {areaBranch}, but the user is in branch {userBranch}',
  },
  'access.area_inactive': { id: 'Area {name} tidak aktif', en: 'Area {name} is inactive' },
  'access.branch_inactive': { id: 'Cabang {name} tidak aktif', en: 'Branch {name} is inactive' },
  'access.user_created': {
    id: 'Pengguna berhasil ditambahkan, undangan untuk membuat kata sandi telah dikirim',
    en: 'User added; an invitation to set a password has been sent',
  },
  'access.user_updated': { id: 'Data pengguna berhasil diubah', en: 'User updated' },
  'access.user_activated': { id: 'Pengguna berhasil diaktifkan', en: 'User activated' },
  'access.user_deactivated': { id: 'Pengguna berhasil dinonaktifkan', en: 'User deactivated' },
  'access.user_deleted': { id: 'Pengguna berhasil dihapus', en: 'User deleted' },
  'access.coa_assigned': { id: 'Akun kas/bank berhasil ditugaskan', en: 'Cash/bank account assigned' },
  'access.coa_unassigned': { id: 'Penugasan akun kas/bank dicabut', en: 'Cash/bank account unassigned' },
  'access.area_assigned': { id: 'Area pengguna berhasil diatur', en: 'User area assigned' },
  'access.area_unassigned': { id: 'Area pengguna dicabut', en: 'User area removed' },
  'access.invitation_sent': { id: 'Undangan telah dikirim ulang', en: 'The invitation has been sent again' },
  'access.invitation_not_needed': {
    id: 'Pengguna sudah membuat kata sandi; gunakan lupa kata sandi bila perlu',
    en: 'The user has already set a password; use forgot password if needed',
  },
  'access.invitation_invalid': {
    id: 'Tautan atau kode undangan tidak valid, sudah dipakai atau sudah kedaluwarsa; minta admin mengirim ulang undangan',
    en: 'The invitation link or code is invalid, already used or expired; ask your admin to send it again',
  },
  'access.password_set': { id: 'Kata sandi berhasil dibuat, silakan masuk', en: 'Password set, please sign in' },
  'access.invitation_subject': { id: 'Undangan ke {tenant}', en: 'Invitation to {tenant}' },
  'access.invitation_email': {
    id: 'Halo {name},\n\nAnda telah ditambahkan sebagai pengguna {tenant} dengan role {role}. Buat kata sandi Anda melalui tautan berikut:\n{link}\n\nAtau masukkan kode {code} bersama email/nomor ponsel Anda. Undangan berlaku {hours} jam dan hanya dapat dipakai sekali.',
    en: 'Hello {name},\n\nYou have been added as a user of {tenant} with role {role}. Set your password with this link:\n{link}\n\nOr enter the code {code} with your e-mail/phone number. The invitation is valid for {hours} hours and works once.',
  },
  'access.invitation_sms': {
    id: 'Anda diundang ke {tenant}. Kode pembuatan kata sandi: {code} (berlaku {hours} jam). Jangan berikan kode ini kepada siapa pun.',
    en: 'You are invited to {tenant}. Password set-up code: {code} (valid {hours} hours). Do not share this code.',
  },

  // ------------------------------------------------------------ roles and limits
  'access.role_name_required': { id: 'Nama role wajib diisi', en: 'Role name is required' },
  'access.role_name_taken': { id: 'Nama role {name} sudah dipakai', en: 'The role name {name} is already used' },
  'access.unknown_section': {
    id: 'Menu tidak dikenal pada hak akses',
    en: 'Unknown menu section in the permissions',
  },
  'access.role_builtin_delete': { id: 'Role bawaan {name} tidak dapat dihapus', en: 'The built-in role {name} cannot be deleted' },
  'access.role_builtin_rename': { id: 'Nama role bawaan {name} tidak dapat diubah', en: 'The built-in role {name} cannot be renamed' },
  'access.role_super_admin_locked': {
    id: 'Hak akses dan batas role SUPER ADMIN tidak dapat diubah',
    en: 'The permissions and limits of the SUPER ADMIN role cannot be changed',
  },
  'access.role_in_use': {
    id: 'Role {name} masih dipakai oleh {count} pengguna. Pindahkan pengguna tersebut ke role lain terlebih dahulu.',
    en: 'Role {name} is still held by {count} user(s). Move them to another role first.',
  },
  'access.grant_exceeds_own': {
    id: 'Anda tidak dapat memberikan akses {action} pada menu {section} yang tidak Anda miliki',
    en: 'You cannot grant {action} access to {section}, which you do not have yourself',
  },
  'access.limit_exceeds_own': {
    id: 'Anda tidak dapat memberikan {limit} melebihi batas Anda sendiri ({own})',
    en: 'You cannot grant a {limit} above your own ({own})',
  },
  'access.flag_exceeds_own': {
    id: 'Anda tidak dapat memberikan hak {flag} yang tidak Anda miliki',
    en: 'You cannot grant the right to {flag}, which you do not have yourself',
  },
  'access.role_created': { id: 'Role berhasil ditambahkan', en: 'Role added' },
  'access.role_updated': { id: 'Role berhasil diubah', en: 'Role updated' },
  'access.role_deleted': { id: 'Role berhasil dihapus', en: 'Role deleted' },
  'access.limit.saving_withdrawal': { id: 'batas penarikan simpanan', en: 'saving withdrawal limit' },
  'access.limit.loan_request': { id: 'batas pengajuan pinjaman', en: 'loan request limit' },
  'access.limit.loan_approval': { id: 'batas persetujuan pinjaman', en: 'loan approval limit' },
  'access.flag.release_loan': { id: 'mencairkan pinjaman', en: 'release loans' },
  'access.flag.cancel_transaction': { id: 'membatalkan transaksi', en: 'cancel transactions' },
  'access.no_limit': { id: 'tanpa batas', en: 'no limit' },
  'access.limit_exceeded': {
    id: 'Nominal {amount} melebihi {limit} role {role} sebesar {max}',
    en: 'The amount {amount} exceeds the {limit} of role {role}, which is {max}',
  },
  'access.cannot_cancel_transaction': {
    id: 'Role {role} tidak memiliki hak membatalkan transaksi',
    en: 'Role {role} may not cancel transactions',
  },
  'access.cannot_release_loan': { id: 'Role {role} tidak memiliki hak mencairkan pinjaman', en: 'Role {role} may not release loans' },

  // ------------------------------------------------------------ branches and areas
  'access.branch_name_required': { id: 'Nama cabang wajib diisi', en: 'Branch name is required' },
  'access.branch_code_invalid': {
    id: 'Kode cabang maksimal 20 karakter berupa huruf, angka, titik, garis bawah atau tanda hubung',
    en: 'The branch code has at most 20 letters, digits, dots, underscores or hyphens',
  },
  'access.branch_name_taken': { id: 'Nama cabang {name} sudah dipakai', en: 'The branch name {name} is already used' },
  'access.branch_code_taken': { id: 'Kode cabang {code} sudah dipakai', en: 'The branch code {code} is already used' },
  'access.branch_in_use': {
    id: 'Cabang {name} masih dipakai oleh {count} data (pengguna, area atau anggota) sehingga tidak dapat dihapus; nonaktifkan saja',
    en: 'Branch {name} is still used by {count} records (users, areas or members) and cannot be deleted; deactivate it instead',
  },
  'access.branch_created': { id: 'Cabang berhasil ditambahkan', en: 'Branch added' },
  'access.branch_updated': { id: 'Cabang berhasil diubah', en: 'Branch updated' },
  'access.branch_deleted': { id: 'Cabang berhasil dihapus', en: 'Branch deleted' },
  'access.area_name_required': { id: 'Nama area wajib diisi', en: 'Area name is required' },
  'access.area_name_taken': { id: 'Nama area {name} sudah dipakai', en: 'The area name {name} is already used' },
  'access.area_in_use': {
    id: 'Area {name} masih memiliki {count} pengguna atau anggota sehingga tidak dapat dihapus; keluarkan mereka terlebih dahulu',
    en: 'Area {name} still has {count} users or members and cannot be deleted; remove them first',
  },
  'access.area_created': { id: 'Area berhasil ditambahkan', en: 'Area added' },
  'access.area_updated': { id: 'Area berhasil diubah', en: 'Area updated' },
  'access.area_deleted': { id: 'Area berhasil dihapus', en: 'Area deleted' },
  'access.area_member_not_found': {
    id: 'Pengguna atau anggota tersebut tidak terdaftar di area ini',
    en: 'That user or member is not in this area',
  },
  'access.area_member_removed': { id: 'Berhasil dikeluarkan dari area', en: 'Removed from the area' },

  // ------------------------------------------------------------ settings
  'settings.tenant_updated': { id: 'Data koperasi berhasil disimpan', en: 'Cooperative details saved' },
  'settings.officer_board_invalid': { id: 'Kepengurusan harus PENGURUS atau PENGAWAS', en: 'Board must be PENGURUS or PENGAWAS' },
  'settings.officer_duplicate_chair': {
    id: 'Hanya boleh ada satu KETUA {board}',
    en: 'There can be only one KETUA of the {board}',
  },
  'settings.officer_period': {
    id: 'Akhir periode {name} tidak boleh sebelum awal periode',
    en: 'The period of {name} cannot end before it starts',
  },
  'settings.officer_user_not_found': {
    id: 'Pengguna untuk pengurus {name} tidak ditemukan',
    en: 'The user of officer {name} was not found',
  },
  'settings.fiscal_month_invalid': { id: 'Bulan awal tahun buku harus 1 sampai 12', en: 'The fiscal year start month must be 1 to 12' },
  'settings.time_zone_invalid': {
    id: 'Zona waktu harus WIB (Asia/Jakarta), WITA (Asia/Makassar) atau WIT (Asia/Jayapura)',
    en: 'The time zone must be WIB (Asia/Jakarta), WITA (Asia/Makassar) or WIT (Asia/Jayapura)',
  },
  'settings.file_required': { id: 'Berkas wajib diunggah', en: 'Please upload a file' },
  'settings.file_too_large': { id: 'Ukuran berkas maksimal {max} MB', en: 'The file may be at most {max} MB' },
  'settings.file_type': { id: 'Jenis berkas tidak didukung; gunakan {types}', en: 'Unsupported file type; use {types}' },
  'settings.image_invalid': { id: 'Gambar tidak dapat dibaca', en: 'The image cannot be read' },
  'settings.logo_saved': { id: 'Logo koperasi berhasil disimpan', en: 'Cooperative logo saved' },
  'settings.logo_removed': { id: 'Logo koperasi dihapus', en: 'Cooperative logo removed' },
  'settings.logo_none': { id: 'Koperasi belum memiliki logo', en: 'The cooperative has no logo' },
  'settings.title_required': { id: 'Judul dokumen wajib diisi', en: 'Document title is required' },
  'settings.ad_art_uploaded': { id: 'Dokumen AD/ART berhasil diunggah', en: 'AD/ART document uploaded' },
  'settings.ad_art_deleted': { id: 'Dokumen AD/ART berhasil dihapus', en: 'AD/ART document deleted' },
  'settings.ad_art_not_found': { id: 'Dokumen AD/ART tidak ditemukan', en: 'AD/ART document not found' },

  'settings.days_invalid': { id: 'Jumlah hari harus bilangan bulat 0 atau lebih', en: 'Days must be a whole number of 0 or more' },
  'settings.grade_invalid': {
    id: 'Kolektibilitas harus LANCAR, KURANG LANCAR, DIRAGUKAN atau MACET',
    en: 'The grade must be LANCAR, KURANG LANCAR, DIRAGUKAN or MACET',
  },
  'settings.calculation_type_invalid': {
    id: 'Jenis perhitungan harus HARIAN atau BULANAN',
    en: 'Calculation type must be HARIAN or BULANAN',
  },
  'settings.grades_incomplete': {
    id: 'Pengaturan kolektibilitas harus berisi tepat empat tingkat: LANCAR, KURANG LANCAR, DIRAGUKAN, MACET',
    en: 'The collectability settings must hold exactly the four grades LANCAR, KURANG LANCAR, DIRAGUKAN, MACET',
  },
  'settings.grade_duplicate': { id: 'Tingkat {grade} disebut lebih dari sekali', en: 'Grade {grade} appears more than once' },
  'settings.range_start_zero': { id: 'LANCAR harus dimulai dari 0 hari', en: 'LANCAR must start at 0 days' },
  'settings.range_reversed': {
    id: '{grade}: hari sampai ({until}) tidak boleh kurang dari hari dari ({from})',
    en: '{grade}: days until ({until}) cannot be less than days from ({from})',
  },
  'settings.range_open_not_last': {
    id: '{grade} tidak boleh tanpa batas akhir; hanya MACET yang tanpa batas akhir',
    en: '{grade} needs an upper bound; only MACET is open-ended',
  },
  'settings.range_last_open': {
    id: 'MACET harus tanpa batas akhir agar setiap keterlambatan masuk salah satu tingkat',
    en: 'MACET must be open-ended so that every delay falls in a grade',
  },
  'settings.range_overlap': {
    id: 'Rentang {grade} ({from}-{until} hari) bertumpuk dengan {next} (mulai {nextFrom} hari)',
    en: 'The range of {grade} ({from}-{until} days) overlaps {next} (from {nextFrom} days)',
  },
  'settings.range_gap': {
    id: 'Ada celah antara {grade} dan {next}: hari {gapFrom} sampai {gapUntil} tidak masuk tingkat mana pun',
    en: 'There is a gap between {grade} and {next}: days {gapFrom} to {gapUntil} fall in no grade',
  },
  'settings.collectability_saved': { id: 'Pengaturan kolektibilitas berhasil disimpan', en: 'Collectability settings saved' },
  'settings.collectability_not_found': { id: 'Tingkat kolektibilitas tidak ditemukan', en: 'Collectability grade not found' },

  'settings.config_unknown_key': {
    id: 'Kunci konfigurasi {key} tidak dikenal. Pilihan: {choices}',
    en: 'Unknown configuration key {key}. Choices: {choices}',
  },
  'settings.config_unknown_field': { id: 'Isian konfigurasi tidak dikenal', en: 'Unknown configuration field' },
  'settings.config_invalid': { id: 'Konfigurasi {key}: {detail}', en: 'Configuration {key}: {detail}' },
  'settings.configuration_saved': { id: 'Konfigurasi berhasil disimpan', en: 'Configuration saved' },
  'settings.due_day_invalid': { id: 'Tanggal jatuh tempo harus 1 sampai 28', en: 'The due day must be 1 to 28' },
  'settings.app_version_invalid': { id: 'Versi aplikasi harus seperti 1.2.0', en: 'The app version must look like 1.2.0' },
  'settings.withdrawal_max_below_min': {
    id: 'Maksimal penarikan online tidak boleh kurang dari minimalnya',
    en: 'The online withdrawal maximum cannot be below its minimum',
  },
  'settings.cif_seq_required': {
    id: 'Pola nomor CIF harus memuat tepat satu {SEQ:n}, misalnya {YYYY}{SEQ:6}',
    en: 'The CIF pattern must hold exactly one {SEQ:n}, e.g. {YYYY}{SEQ:6}',
  },
  'settings.cif_seq_length': { id: 'Panjang urutan {SEQ:n} harus 3 sampai 10', en: 'The {SEQ:n} length must be 3 to 10' },
  'settings.cif_unknown_token': {
    id: 'Pola nomor CIF hanya mengenal {YYYY}, {YY}, {MM}, {BRANCH} dan {SEQ:n}',
    en: 'The CIF pattern knows only {YYYY}, {YY}, {MM}, {BRANCH} and {SEQ:n}',
  },
  'settings.cif_bad_chars': {
    id: 'Pola nomor CIF hanya boleh berisi huruf, angka, titik, garis miring dan tanda hubung',
    en: 'The CIF pattern may only hold letters, digits, dots, slashes and hyphens',
  },
  'settings.feature_unknown': {
    id: 'Fitur {action} tidak dikenal. Pilihan: {choices}',
    en: 'Unknown feature {action}. Choices: {choices}',
  },
  'settings.feature_available': { id: 'Fitur tersedia', en: 'The feature is available' },
  'settings.feature_app_disabled': {
    id: 'Aplikasi mobile anggota belum diaktifkan oleh koperasi',
    en: 'The cooperative has not enabled the members app',
  },
  'settings.feature_disabled': { id: 'Fitur {feature} tidak diaktifkan oleh koperasi', en: 'The cooperative has not enabled {feature}' },
} satisfies Catalog;
